import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/connection';
import { TIMED_OUT, withTimeout } from '../lib/with-timeout';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      if ((await withTimeout(pingDatabase(app.db), 2000)) === TIMED_OUT) throw new Error('the database did not answer within 2 s');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', error: 'The database is not answering.' });
    }
  });
}
