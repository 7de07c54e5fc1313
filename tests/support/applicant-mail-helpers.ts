import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Stage } from '../../src/shared/applicants/stages';
import type { Db } from '../../src/server/db/database';
import { JOB_FORM, employerOfNewCompany, postJobForm } from './employer-jobs-helpers';
import type { CookieJar } from './registration-helpers';
import { postForm, signIn } from './seeker-helpers';

/**
 * Moves an application the way the inbox's contract says (issue 12): the stage on job_applications and
 * one application_stage_changes row, in one transaction.
 */
export async function moveStage(db: Db, applicationId: string, toStage: Stage, changedBy: string | null, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('job_applications').select('stage').where('id', '=', applicationId).executeTakeFirstOrThrow();
    await trx.updateTable('job_applications').set({ stage: toStage, stage_changed_at: now }).where('id', '=', applicationId).execute();
    await trx
      .insertInto('application_stage_changes')
      .values({ id: randomUUID(), application_id: applicationId, from_stage: current.stage, to_stage: toStage, changed_by: changedBy, changed_at: now })
      .execute();
  });
}

/** A company (approved) with its owner signed in on the employer side, and one open on-site job. */
export async function companyWithJob(app: FastifyInstance, owner: string, company: { id: string; name: string }, title = JOB_FORM.title) {
  const made = await employerOfNewCompany(app, owner, company);
  const posted = await postJobForm(app, made.jar, '/post-a-job', { ...JOB_FORM, title });
  if (posted.statusCode !== 303) throw new Error(`job not posted: ${posted.statusCode} ${posted.body.slice(0, 300)}`);
  const job = await app.db.selectFrom('jobs').select('id').where('title', '=', title).where('company_id', '=', company.id).executeTakeFirstOrThrow();
  return { ...made, jobId: job.id };
}

/** Another member of a company, signed in on the employer side. */
export async function teamMember(app: FastifyInstance, email: string, companyId: string): Promise<{ jar: CookieJar; accountId: string }> {
  const jar = await signIn(app, email);
  const account = await app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await app.db.updateTable('sessions').set({ side: 'employer' }).where('account_id', '=', account.id).execute();
  await app.db.insertInto('company_members').values({ company_id: companyId, account_id: account.id, role: 'recruiter', created_at: 0 }).execute();
  return { jar, accountId: account.id };
}

/** A job seeker with a profile. */
export async function seekerWithProfile(app: FastifyInstance, email: string, fullName = 'Sam Seeker'): Promise<{ jar: CookieJar; accountId: string }> {
  const jar = await signIn(app, email);
  const about = await postForm(app, '/candidate/about', { full_name: fullName, phone: '+1 512 555 0100', location: 'Austin, TX', headline: 'Forklift certified' }, { jar, xhr: false });
  if (about.statusCode !== 303) throw new Error(`profile not saved: ${about.statusCode}`);
  const account = await app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { jar, accountId: account.id };
}

/** Applies on site; answers the application id. */
export async function apply(app: FastifyInstance, seeker: { jar: CookieJar; accountId: string }, jobId: string): Promise<string> {
  const applied = await postForm(app, '/candidate/apply', { resume: 'none', listing_key: `lk_${jobId}` }, { jar: seeker.jar });
  if (applied.json().status !== 'APPLIED') throw new Error(`not applied: ${applied.body}`);
  const row = await app.db
    .selectFrom('job_applications')
    .select('id')
    .where('job_id', '=', jobId)
    .where('account_id', '=', seeker.accountId)
    .executeTakeFirstOrThrow();
  return row.id;
}
