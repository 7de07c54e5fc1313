// A person's applicant-mail rows: their notification choices (team members) and the emails claimed for them.
import type { Db } from '../../db/database';

export async function mailPreferencesOf(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('application_mail_preferences as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['c.name', 'p.frequency', 'p.updated_at'])
    .where('p.account_id', '=', accountId)
    .execute();
  return rows.map((row) => ({ company: row.name, newApplications: row.frequency, updatedAt: Number(row.updated_at) }));
}

/** Their choices and every delivery record addressed to them (sent or only claimed: nothing more goes out). */
export async function deleteMailRowsOf(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('application_mail_preferences').where('account_id', '=', accountId).execute();
  await db.deleteFrom('applicant_mail_deliveries').where('recipient_id', '=', accountId).execute();
}
