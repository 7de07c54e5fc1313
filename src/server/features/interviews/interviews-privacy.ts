// A job seeker's interviews in an export, and their erasure (decisions 0225, 0231).
import type { Db } from '../../db/database';

export async function interviewsRecord(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('interviews as i')
    .innerJoin('companies as co', 'co.id', 'i.company_id')
    .select(['i.id', 'co.name as company', 'i.job_title', 'i.status', 'i.place_kind', 'i.place', 'i.minutes', 'i.note', 'i.starts_at', 'i.seeker_time_zone', 'i.created_at'])
    .where('i.seeker_account_id', '=', accountId)
    .orderBy('i.created_at')
    .execute();
  const slots = rows.length ? await db.selectFrom('interview_slots').select(['interview_id', 'starts_at']).where('interview_id', 'in', rows.map((row) => row.id)).orderBy('starts_at').execute() : [];
  return rows.map(({ id, ...row }) => ({
    ...row,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    proposedTimes: slots.filter((slot) => slot.interview_id === id).map((slot) => Number(slot.starts_at)),
    createdAt: Number(row.created_at),
  }));
}

/** Deletes a seeker's interviews (their proposed times with them): the company keeps the application only. */
export async function deleteInterviewsOf(db: Db, accountId: string): Promise<void> {
  const ids = db.selectFrom('interviews').select('id').where('seeker_account_id', '=', accountId);
  await db.deleteFrom('interview_slots').where('interview_id', 'in', ids).execute();
  await db.deleteFrom('interviews').where('seeker_account_id', '=', accountId).execute();
}
