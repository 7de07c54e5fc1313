/** Reports sent from the registration flow's "Report error" dialog. */
export interface ErrorReportsTable {
  id: string;
  description: string;
  category: string;
  error_message: string | null;
  path: string | null;
  form_type: string | null;
  account_id: string | null;
  ptid: string | null;
  user_agent: string | null;
  created_at: number;
}
