import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { storableText } from '../../../shared/analytics/observations';
import type { RoutesApp } from '../../shared/route-contracts';
import { QueueFullError, replyQueueFull } from './analytics.plugin';

const PropertiesSchema = z.record(z.string(), z.unknown());

/** The event log's body: JSON from fetch, or form fields from navigator.sendBeacon. */
export const EventLogRequestSchema = z.object({
  event_type: storableText(100)
    .transform((text) => text.trim())
    .pipe(z.string().min(1)),
  properties: z
    .union([
      PropertiesSchema,
      z
        .string()
        .max(8000)
        .transform((text, ctx) => {
          try {
            return PropertiesSchema.parse(JSON.parse(text));
          } catch {
            ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
            return z.NEVER;
          }
        }),
    ])
    .default({}),
  path: storableText(2048).default('/'),
  time: z.coerce.number().int().nonnegative(),
});
export type EventLogRequest = z.infer<typeof EventLogRequestSchema>;

/** The event log at config EVENT_LOG_PATH (default /events/log); rows go through the group commit. */
export default async function eventLogRoutes(app: RoutesApp) {
  app.post(app.config.EVENT_LOG_PATH, { config: { ingestRateLimit: true }, schema: { body: EventLogRequestSchema } }, async (request, reply) => {
    const event = request.body;
    try {
      await app.analytics.eventLog.submit({
        id: randomUUID(),
        event_type: event.event_type,
        properties: JSON.stringify(event.properties),
        path: event.path,
        client_time: event.time,
        ptid: request.cookies.ptid ?? null,
        visit_id: request.cookies.visit_id ?? null,
        created_at: app.now(),
      });
    } catch (error) {
      if (error instanceof QueueFullError) return replyQueueFull(reply);
      throw error;
    }
    return reply.status(204).send();
  });
}
