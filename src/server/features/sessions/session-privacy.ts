// A person's sessions in an export (never the hash that would find one), and erasing them all.
import type { Db } from '../../db/database';

export async function sessionsOf(db: Db, accountId: string) {
  const rows = await db.selectFrom('sessions').select(['created_at', 'expires_at', 'side']).where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({ startedAt: Number(row.created_at), expiresAt: Number(row.expires_at), side: row.side }));
}

/** Signs the person out everywhere. */
export async function deleteSessionsOf(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}
