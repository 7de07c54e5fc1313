// Sign-in codes asked for an address: when, and whether used (never the code's HMAC or the request's details).
import type { Db } from '../../db/database';

export async function codesFor(db: Db, emailNormalized: string) {
  const rows = await db
    .selectFrom('one_time_codes')
    .select(['purpose', 'created_at', 'last_sent_at', 'used_at', 'attempts', 'expires_at'])
    .where('email_normalized', '=', emailNormalized)
    .execute();
  return rows.map((row) => ({
    purpose: row.purpose,
    createdAt: Number(row.created_at),
    lastSentAt: Number(row.last_sent_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    wrongTries: Number(row.attempts),
    expiresAt: Number(row.expires_at),
  }));
}

export async function deleteCodesFor(db: Db, emailNormalized: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('email_normalized', '=', emailNormalized).execute();
}
