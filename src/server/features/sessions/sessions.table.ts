import type { Generated, Selectable } from 'kysely';

export interface SessionsTable {
  /** SHA-256 of the cookie's random id, hex: a stolen database does not give working cookies. */
  id_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  /** The side the person signed in on: 'seeker' or 'employer' (decision 0100). */
  side: Generated<string>;
}

export type SessionRow = Selectable<SessionsTable>;
