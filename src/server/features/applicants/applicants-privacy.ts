// The team's side of an erased candidate's application (decision 0225): their notes go (they are about
// the person); the application, its job and its stage history stay, shown as "Withdrawn, erased candidate".
import { ERASED_ACCOUNT_ROLE } from '../../../shared/privacy/constants';
import type { Db } from '../../db/database';
import { stageHistory } from './applicants.repository';

export async function deleteNotesOn(db: Db, applicationIds: readonly string[]): Promise<void> {
  for (let start = 0; start < applicationIds.length; start += 500) {
    await db.deleteFrom('application_notes').where('application_id', 'in', applicationIds.slice(start, start + 500)).execute();
  }
}

/** Notes a team member wrote, for their own export: their words and the job, never the applicant's name. */
export async function notesWrittenBy(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('application_notes as n')
    .innerJoin('job_applications as a', 'a.id', 'n.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['n.body', 'n.created_at', 'j.title as job_title', 'a.id as application_id'])
    .where('n.author_id', '=', accountId)
    .orderBy('n.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ applicationId: row.application_id, jobTitle: row.job_title, body: row.body, writtenAt: Number(row.created_at) }));
}

/** One of the company's applications whose candidate erased their account, with its stage history; else undefined. */
export async function findErasedApplication(db: Db, companyId: string, applicationId: string) {
  const row = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('accounts as u', 'u.id', 'a.account_id')
    .select(['a.id', 'a.created_at', 'a.withdrawn_at', 'j.title as job_title'])
    .where('j.company_id', '=', companyId)
    .where('a.id', '=', applicationId)
    .where('u.role', '=', ERASED_ACCOUNT_ROLE)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    jobTitle: row.job_title,
    createdAt: Number(row.created_at),
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    history: await stageHistory(db, row.id),
  };
}
