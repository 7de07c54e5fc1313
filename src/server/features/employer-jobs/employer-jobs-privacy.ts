// Screening answers are the applicant's words; the jobs a member posted are the member's (decision 0225).
import type { Db } from '../../db/database';
import { jobPath } from '../jobs/slugs';

export async function answersOf(db: Db, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return [];
  const rows = await db
    .selectFrom('job_application_answers')
    .select(['application_id', 'position', 'question', 'answer'])
    .where('application_id', 'in', [...applicationIds])
    .orderBy('application_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ applicationId: row.application_id, question: row.question, answer: row.answer }));
}

export async function deleteAnswersOf(db: Db, applicationIds: readonly string[]): Promise<void> {
  for (let start = 0; start < applicationIds.length; start += 500) {
    await db.deleteFrom('job_application_answers').where('application_id', 'in', applicationIds.slice(start, start + 500)).execute();
  }
}

/** The jobs this member posted, as they wrote them. */
export async function jobsPostedBy(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('jobs')
    .select([
      'id',
      'title',
      'company_name',
      'status',
      'city',
      'state',
      'remote',
      'employment_type',
      'pay_min',
      'pay_max',
      'pay_period',
      'pay_currency',
      'description_markdown',
      'apply_type',
      'external_url',
      'apply_email',
      'created_at',
      'went_live_at',
      'expires_at',
      'closed_at',
    ])
    .where('posted_by', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    title: row.title,
    company: row.company_name,
    status: row.status,
    path: row.status === 'open' ? jobPath(row) : null,
    place: row.remote ? 'Remote' : [row.city, row.state].filter(Boolean).join(', '),
    employmentType: row.employment_type,
    pay: { min: Number(row.pay_min), max: Number(row.pay_max), period: row.pay_period, currency: row.pay_currency },
    descriptionMarkdown: row.description_markdown,
    apply: { type: row.apply_type, url: row.external_url, email: row.apply_email },
    createdAt: Number(row.created_at),
    wentLiveAt: row.went_live_at === null ? null : Number(row.went_live_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
  }));
}

/** The jobs this person reported (decision 0298): the reasons and details they wrote. */
export async function jobReportsBy(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('job_reports as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select(['j.title', 'j.company_name', 'r.reasons', 'r.details', 'r.created_at'])
    .where('r.reporter_account_id', '=', accountId)
    .orderBy('r.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ job: row.title, company: row.company_name, reasons: JSON.parse(row.reasons) as unknown, details: row.details, reportedAt: Number(row.created_at) }));
}

/** Erasing a person keeps their reports' reasons for moderation, without who sent them or their words. */
export async function forgetJobReportsBy(db: Db, accountId: string): Promise<void> {
  await db.updateTable('job_reports').set({ reporter_account_id: null, details: '' }).where('reporter_account_id', '=', accountId).execute();
}
