import type { Db } from '../../db/database';

/**
 * Gives the account with this email the admin role (for /admin/analytics). Returns false when no
 * account has that email. Emails are matched as the registration flow stores them: trimmed, lower-cased.
 */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const result = await db
    .withTables<{ accounts: { id: string; email_normalized: string; role: string } }>()
    .updateTable('accounts')
    .set({ role: 'admin' })
    .where('email_normalized', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
