import type { Selectable } from 'kysely';

export interface AccountIdentitiesTable {
  id: string;
  /** 'google' for now; the (provider, subject) pair is unique. */
  provider: string;
  /** The provider's stable id of the person (Google's `sub`): it survives an email change, the address does not. */
  subject: string;
  account_id: string;
  /** The provider's address when the link was made or last used (for support, not for identity). */
  email: string;
  created_at: number;
  last_used_at: number;
}

export type AccountIdentityRow = Selectable<AccountIdentitiesTable>;
