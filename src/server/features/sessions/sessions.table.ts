import type { Selectable } from 'kysely';

export interface SessionsTable {
  /** SHA-256 of the cookie's random id, hex: a stolen database does not give working cookies. */
  id_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}

export type SessionRow = Selectable<SessionsTable>;
