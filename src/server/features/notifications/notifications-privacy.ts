// A person's notifications, for export and erase (decision 0225). The rows also go with the account
// row (on delete cascade); an erased account kept as a tombstone keeps none.
import type { Db } from '../../db/database';

export async function notificationsOf(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('notifications')
    .select(['side', 'kind', 'text', 'link', 'created_at', 'read_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({ side: row.side, kind: row.kind, text: row.text, link: row.link, createdAt: Number(row.created_at), readAt: row.read_at === null ? null : Number(row.read_at) }));
}

export async function deleteNotificationsOf(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('notifications').where('account_id', '=', accountId).execute();
}

/** Other people's notifications about something that is going (a conversation with an erased person). */
export async function deleteNotificationsAbout(db: Db, subjectKeys: string[]): Promise<void> {
  if (subjectKeys.length === 0) return;
  await db.deleteFrom('notifications').where('subject_key', 'in', subjectKeys).execute();
}
