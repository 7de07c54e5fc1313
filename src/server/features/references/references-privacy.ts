// References in an export, and their erasure (decisions 0225, 0235). A seeker's requests hold the words
// others wrote about them and those people's names and addresses; they go with the seeker. A reference
// giver's own words about someone else go when the giver erases their account.
import type { Db } from '../../db/database';

/** The references a seeker asked for and received; never a link or its hash. */
export async function referencesRecord(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('reference_requests')
    .select(['referee_name', 'referee_email', 'relationship', 'created_at', 'expires_at', 'submitted_at', 'reference_text', 'shown_to_employers'])
    .where('seeker_account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    name: row.referee_name,
    email: row.referee_email,
    relationship: row.relationship,
    askedAt: Number(row.created_at),
    linkExpiresAt: Number(row.expires_at),
    receivedAt: row.submitted_at === null ? null : Number(row.submitted_at),
    text: row.reference_text,
    shownToEmployers: Number(row.shown_to_employers) === 1,
  }));
}

/** The references this address wrote for others (the giver's own words, and whom they were for by name only). */
export async function referencesGivenBy(db: Db, emailNormalized: string) {
  const rows = await db
    .selectFrom('reference_requests')
    .select(['relationship', 'submitted_at', 'reference_text'])
    .where('referee_email_normalized', '=', emailNormalized)
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at')
    .execute();
  return rows.map((row) => ({ relationship: row.relationship, sentAt: Number(row.submitted_at), text: row.reference_text }));
}

/** Every request the seeker sent, and every one addressed to this email (as a reference giver). */
export async function deleteReferencesOf(db: Db, accountId: string, emailNormalized: string): Promise<void> {
  await db.deleteFrom('reference_requests').where('seeker_account_id', '=', accountId).execute();
  await db.deleteFrom('reference_requests').where('referee_email_normalized', '=', emailNormalized).execute();
}
