import type { ColumnType, Selectable } from 'kysely';

/** A reference request (migration 0078, decision 0235). Secrets are HMACs; times are UTC ms. */
export interface ReferenceRequestsTable {
  id: string;
  seeker_account_id: string;
  referee_name: string;
  referee_email: string;
  referee_email_normalized: string;
  relationship: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  submitted_at: ColumnType<number | null, number | null | undefined, number | null>;
  reference_text: ColumnType<string | null, string | null | undefined, string | null>;
  shown_to_employers: ColumnType<number, number | undefined, number>;
  alert_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  alert_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  alert_created_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type ReferenceRequestRow = Selectable<ReferenceRequestsTable>;
