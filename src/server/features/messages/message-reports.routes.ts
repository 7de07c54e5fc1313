// The admins' queue of messages job seekers reported (issue 42, decision 0229): each with the company,
// the job, the message and the reason; an admin marks it dealt with. Everyone else gets the ordinary 404.
import { z } from 'zod';
import { MESSAGES_PATHS, type MessageReportsPageProps } from '../../../shared/messages/constants';
import { RowIdSchema } from '../../shared/form-fields';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { sendNotFound, wantsJson } from '../sessions/route-guard';

const PRIVATE = 'private, no-store';
const moments = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
const ReportParamsSchema = z.object({ id: RowIdSchema });
const NoticeQuerySchema = z.object({ notice: z.literal('resolved').optional().catch(undefined) }).catch({ notice: undefined });
const SHOWN = 100;

export default async function messageReportsRoutes(app: RoutesApp) {
  const admin = { config: { requireRole: 'admin' as const } };

  app.get(MESSAGES_PATHS.reports, { ...admin, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const rows = await app.db
      .selectFrom('message_reports as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .innerJoin('companies as co', 'co.id', 'c.company_id')
      .select(['r.id', 'r.reason', 'r.created_at', 'm.body', 'c.job_title', 'co.name as company'])
      .where('r.resolved_at', 'is', null)
      .orderBy('r.created_at')
      .limit(SHOWN)
      .execute();
    const props: MessageReportsPageProps = {
      notice: request.query.notice ? 'Marked as dealt with.' : null,
      reports: rows.map((row) => ({
        id: row.id,
        resolveAction: `${MESSAGES_PATHS.reports}/${row.id}/resolve`,
        company: row.company,
        jobTitle: row.job_title,
        body: row.body,
        reason: row.reason,
        reported: moments.format(new Date(Number(row.created_at))),
      })),
    };
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send(props);
    return reply.header('cache-control', PRIVATE).renderPage('admin-message-reports', props, { title: 'Reported messages', noIndex: true, noStore: true });
  });

  app.post(`${MESSAGES_PATHS.reports}/:id/resolve`, { ...admin, schema: { params: z.object({ id: pathSegment }), body: noBody, response: { 200: z.object({ status: z.literal('RESOLVED') }) } } }, async (request, reply) => {
    const params = ReportParamsSchema.safeParse(request.params);
    const result = params.success
      ? await app.db.updateTable('message_reports').set({ resolved_at: app.now() }).where('id', '=', params.data.id).where('resolved_at', 'is', null).executeTakeFirst()
      : null;
    if (!result || Number(result.numUpdatedRows) === 0) return sendNotFound(request, reply);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'RESOLVED' });
    return reply.header('cache-control', PRIVATE).redirect(`${MESSAGES_PATHS.reports}?notice=resolved`, 303);
  });
}
