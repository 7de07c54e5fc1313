import type { Db } from '../../db/database';
import { normalizeEmail } from '../accounts/account-repository';
import { ADMIN_ROLE } from './funnel.repository';

/**
 * Gives the account with this email the admin role (for /admin/analytics). Returns false when no
 * account has that email. Emails match as the registration flow stores them (normalizeEmail).
 */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const result = await db.updateTable('accounts').set({ role: ADMIN_ROLE }).where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
