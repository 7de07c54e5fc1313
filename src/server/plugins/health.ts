import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../db/connection';
import { TIMED_OUT, withTimeout } from '../lib/with-timeout';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shutting down (SIGTERM): /readyz answers 503 from now on so the load balancer stops sending new
     * requests, while requests already here and any that arrive meanwhile are still served (decision 0142).
     */
    startDraining(): void;
    readonly draining: boolean;
  }
}

const HealthSchema = z.object({ status: z.string(), error: z.string().optional() });

async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('draining', {
    getter: () => draining,
  });

  app.get('/healthz', { schema: { response: { 200: HealthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { response: { 200: HealthSchema, 503: HealthSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ status: 'draining', error: 'This instance is shutting down.' });
    try {
      if ((await withTimeout(pingDatabase(app.db), 2000)) === TIMED_OUT) throw new Error('the database did not answer within 2 s');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', error: 'The database is not answering.' });
    }
  });
}

export default fp(healthRoutes, { name: 'health', dependencies: ['config'] });
