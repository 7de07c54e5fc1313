import { randomUUID } from 'node:crypto';
import { ErrorReportRequestSchema } from '../../../shared/registration/contracts';
import type { RoutesApp } from '../../shared/route-contracts';
import { hideCodes } from '../one-time-codes/hide-codes';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';
import { z } from 'zod';

export const ERROR_REPORT_PATH = REGISTRATION_PATHS.errorReport;
const ErrorReportResponseSchema = z.object({ status: z.literal('SUCCESS'), id: z.string() });

/** The "Report error" dialog's report, kept for the team with who (if logged in) and which browser. */
export default async function errorReportRoutes(app: RoutesApp) {
  app.post(ERROR_REPORT_PATH, { config: { requireXhr: true, clientRateLimit: true }, schema: { body: ErrorReportRequestSchema, response: { 201: ErrorReportResponseSchema } } }, async (request, reply) => {
    const { body } = request;
    const id = randomUUID();
    const userAgent = request.headers['user-agent'];
    await app.db
      .insertInto('error_reports')
      .values({
        id,
        // A pasted sign-in code is not for the team's eyes (issue 14, decision 0081).
        description: hideCodes(body.description),
        category: body.category,
        error_message: hideCodes(body.error_message ?? null),
        path: hideCodes(body.path ?? null),
        form_type: body.form_type ?? null,
        account_id: request.user?.id ?? null,
        ptid: request.tracking?.ptid ?? null,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
        created_at: app.now(),
      })
      .execute();
    return reply.status(201).header('cache-control', 'no-store').send({ status: 'SUCCESS', id });
  });
}
