import { z } from 'zod';
import { QUEUE_PATHS, type AdminQueueProps } from '../../../shared/queue/page-props';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { sendNotFound } from '../../shared/refusals';

const NOTICES = { retried: 'The job will run again shortly.', gone: 'That job is not dead any more: it was retried already.' } as const;
const NoticeQuerySchema = z.object({ notice: z.enum(['retried', 'gone']).optional().catch(undefined) }).catch({ notice: undefined });
const DeadJobPathSchema = z.object({ queue: pathSegment, id: pathSegment });

/** The queue's admin page (decision 0271): admins only, everyone else gets the ordinary 404. */
export default async function queueRoutes(app: RoutesApp) {
  const admin = { config: { requireRole: 'admin' as const } };

  app.get(QUEUE_PATHS.admin, { ...admin, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const [stats, dead] = await Promise.all([app.queue.stats(), app.queue.deadJobs()]);
    const props: AdminQueueProps = {
      queues: stats.map(({ queue, waiting, retrying, active, dead: deadCount }) => ({ queue, waiting, retrying, active, dead: deadCount })),
      dead: dead.map((job) => ({
        queue: job.queue,
        id: job.id,
        key: job.key,
        attempts: job.attempts,
        lastError: job.lastError,
        diedAt: new Date(job.diedAt).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
        retryHref: `${QUEUE_PATHS.admin}/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
      })),
      notice: request.query.notice ? NOTICES[request.query.notice] : null,
    };
    return reply.header('cache-control', 'private, no-store').renderPage('admin-queue', props, { title: 'Background jobs', noIndex: true });
  });

  app.post(`${QUEUE_PATHS.admin}/:queue/:id/retry`, { ...admin, schema: { params: DeadJobPathSchema, body: noBody } }, async (request, reply) => {
    const known = (await app.queue.stats()).some((stats) => stats.queue === request.params.queue);
    if (!known) return sendNotFound(reply);
    const retried = await app.queue.retryDead(request.params.queue, request.params.id);
    return reply.header('cache-control', 'private, no-store').redirect(`${QUEUE_PATHS.admin}?notice=${retried ? 'retried' : 'gone'}`, 303);
  });
}
