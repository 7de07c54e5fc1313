/** A person's consent to job-alert texts: the number, the exact words they agreed to, when and from where. */
export interface SmsOptInsTable {
  id: string;
  account_id: string;
  phone_e164: string;
  consent_text: string;
  consented_at: number;
  client_address: string;
  reg_method: string | null;
}
