import { MAX_BATCH_BYTES, OBSERVE_PATH } from '../../../shared/analytics/enums';
import { ObservationBatchSchema } from '../../../shared/analytics/observations';
import type { RoutesApp } from '../../shared/route-contracts';
import { QueueFullError, replyQueueFull } from './analytics.plugin';
import { batchToStore } from './observation.service';

/**
 * POST /observations/observe (spec 7). Kept in its own encapsulated plugin so its text/plain parser
 * and 64 KB body limit apply to this route only (decision 0051).
 */
export default async function observationRoutes(app: RoutesApp) {
  // navigator.sendBeacon sends a string as text/plain, the one CORS-safelisted type that can carry JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
    }
  });

  app.post(OBSERVE_PATH, { bodyLimit: MAX_BATCH_BYTES, config: { ingestRateLimit: true }, schema: { body: ObservationBatchSchema } }, async (request, reply) => {
    const batch = batchToStore(request.body, {
      receivedAt: app.now(),
      ptidCookie: request.cookies.ptid ?? null,
      visitIdCookie: request.cookies.visit_id ?? null,
    });
    try {
      await app.analytics.observations.submit(batch);
    } catch (error) {
      if (error instanceof QueueFullError) return replyQueueFull(reply);
      throw error;
    }
    return reply.status(204).send();
  });
}
