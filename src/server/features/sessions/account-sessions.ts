// All the sessions of one account: how many are live, and "sign out everywhere" (decision 0234).
import type { Db } from '../../db/database';

export async function countActiveSessions(db: Db, accountId: string, now: number): Promise<number> {
  const row = await db.selectFrom('sessions').select((eb) => eb.fn.countAll<string | number>().as('count')).where('account_id', '=', accountId).where('expires_at', '>', now).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Ends every session of the account, on every device; answers how many there were. */
export async function deleteAccountSessions(db: Db, accountId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
