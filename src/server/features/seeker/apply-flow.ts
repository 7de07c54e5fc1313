import type { FastifyInstance } from 'fastify';
import type { ApplyContext } from '../../../shared/seeker/apply-flow';
import { listQuestions } from '../employer-jobs/job-posting';
import { takesApplications } from '../jobs/jobs.table';
import { formatPlace } from '../jobs/job-view';
import { jobPath } from '../jobs/slugs';
import { formatDate } from './seeker-jobs';
import { findJobByListingKey, findProfile, findResume } from './seeker.repository';

/**
 * What one person brings to one on-site job before applying: their own profile and résumé, the job's
 * questions, whether it still takes applications and whether they applied already (decision 0233).
 * Only the signed-in person's rows are read. Undefined when there is no on-site job by that key.
 */
export async function loadApplyContext(app: FastifyInstance, user: { id: string; email: string }, listingKey: string): Promise<ApplyContext | undefined> {
  const job = await findJobByListingKey(app.db, listingKey);
  if (!job || job.apply_type !== 'on_site') return undefined;
  const [profile, resume, questions, application] = await Promise.all([
    findProfile(app.db, user.id),
    findResume(app.db, user.id),
    listQuestions(app.db, job.id),
    app.db.selectFrom('job_applications').select('id').where('account_id', '=', user.id).where('job_id', '=', job.id).executeTakeFirst(),
  ]);
  return {
    listingKey: job.listing_key,
    job: { title: job.title, company: job.company_name, place: formatPlace(job), href: jobPath(job) },
    open: takesApplications(job, app.now()),
    applied: Boolean(application),
    email: user.email,
    profile: profile ? { full_name: profile.full_name, phone: profile.phone, location: profile.location, headline: profile.headline } : null,
    resume: resume ? { fileName: resume.file_name, uploaded: formatDate(Number(resume.uploaded_at)) } : null,
    questions: questions.map((question) => ({ name: `answer_${question.position + 1}`, text: question.text, kind: question.kind === 'text' ? 'text' : 'yes_no' })),
  };
}
