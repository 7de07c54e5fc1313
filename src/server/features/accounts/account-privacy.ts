// The account row in an export, and what erasing leaves of it (decision 0225).
import { ERASED_ACCOUNT_ROLE } from '../../../shared/privacy/constants';
import type { Db } from '../../db/database';

export async function accountRecord(db: Db, accountId: string) {
  const row = await db
    .selectFrom('accounts')
    .select(['email', 'role', 'country_code', 'email_alerts_opt_in', 'email_unsubscribed', 'created_at', 'last_login_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: row.email,
    role: row.role,
    country: row.country_code,
    emailAlertsOptIn: Number(row.email_alerts_opt_in) === 1,
    unsubscribedFromAllEmail: Number(row.email_unsubscribed) === 1,
    createdAt: Number(row.created_at),
    lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
  };
}

/**
 * Erases the account row. Applications point at their account (not null, on delete cascade), so a person
 * who applied keeps a tombstone: no email (an address of the reserved .invalid domain that names only the
 * row), no country, no choices, role 'erased'. Anyone else's row is deleted. Either way the email is free:
 * signing up with it again makes a new, empty account.
 */
export async function eraseAccountRow(db: Db, accountId: string, keepTombstone: boolean): Promise<void> {
  if (!keepTombstone) {
    await db.deleteFrom('accounts').where('id', '=', accountId).execute();
    return;
  }
  const placeholder = `${accountId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}@erased.invalid`;
  await db
    .updateTable('accounts')
    .set({ email: placeholder, email_normalized: placeholder, role: ERASED_ACCOUNT_ROLE, country_code: null, email_alerts_opt_in: 0, email_unsubscribed: 1, last_login_at: null })
    .where('id', '=', accountId)
    .execute();
}
