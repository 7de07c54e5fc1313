import { z } from 'zod';
import { EMPLOYER_JOBS_PATHS, editJobPath, publishJobPath } from '../../../shared/employer-jobs/page-props';
import { findCompanyJob, previewLabel, previewOf } from '../employer-jobs/job-posting';
import { pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { employerOf, sendNotFound } from '../sessions/route-guard';
import { renderJobPage } from './job-pages.routes';

const JobParamsSchema = z.object({ id: z.string().regex(/^[a-z0-9]{6,32}$/) });
const JobPathSchema = z.object({ id: pathSegment });

/** The employer's preview of their own job: the real job page, marked as a preview and never indexed, in any status. */
export default async function jobPreviewRoutes(app: RoutesApp) {
  app.get(`${EMPLOYER_JOBS_PATHS.postJob}/:id/preview`, { config: { requireRole: 'employer' }, schema: { params: JobPathSchema } }, async (request, reply) => {
    const params = JobParamsSchema.safeParse(request.params);
    const job = params.success ? await findCompanyJob(app.db, employerOf(request).companyId, params.data.id) : undefined;
    // Another company's job looks like no job.
    if (!job) return sendNotFound(request, reply);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    const shown = previewOf(job);
    return renderJobPage(app, request, reply, shown.row, {
        label: previewLabel(job),
        backHref: editJobPath(job.id),
        // A job not published yet can be published from here (decision 0291).
        publishHref: job.status === 'draft' || job.status === 'rejected' ? publishJobPath(job.id) : null,
      }, shown.questions);
  });
}
