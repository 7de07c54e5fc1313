import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/connection';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(pingDatabase(app.db), 2000);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', error: 'The database is not answering.' });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
