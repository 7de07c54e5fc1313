import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databasePoolUse } from '../../db/connection';
import { isLoopbackAddress } from '../../lib/client-address';
import { isLoopbackHostName } from '../../plugins/host-check';
import { sendNotFound } from '../../shared/refusals';
import { createMetrics, NO_ROUTE, type AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics: features register their gauges and counters here (decision 0275). */
    metrics: AppMetrics;
  }
}

export interface MetricsPluginOptions {
  /** The process's own figures too (metrics.ts): the server's start, not tests. */
  processMetrics?: boolean;
}

export const METRICS_PATH = '/metrics';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Who may read /metrics (decision 0275): whoever shows METRICS_TOKEN as a bearer token, or a scraper on
 * this machine asking by a loopback name and not through a proxy. A proxy on this machine (haproxy in the
 * cluster) forwards the public's requests from loopback too, so a forwarded request never counts as local;
 * and a page in a browser whose name was pointed at 127.0.0.1 asks under its own name, so it is not local either.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization?.startsWith('Bearer ')) return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(token));
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress) && isLoopbackHostName(request.headers.host);
}

async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions) {
  const metrics = createMetrics({ processMetrics: options.processMetrics ?? false });
  app.decorate('metrics', metrics);

  // A callback hook: it runs on every request. The route label is the pattern, so the label sets stay few.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? NO_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (databasePoolUse(app.db)) {
    // PostgreSQL only: SQLite has one connection, and its shared commits finish within the turn of the event loop.
    const use = () => databasePoolUse(app.db) ?? { total: 0, idle: 0, waiting: 0 };
    app.metrics.registerGauge({ name: 'jobwise_db_pool_connections', help: 'PostgreSQL pool connections open (in use or idle).', read: () => use().total });
    app.metrics.registerGauge({ name: 'jobwise_db_pool_idle_connections', help: 'PostgreSQL pool connections open and idle.', read: () => use().idle });
    app.metrics.registerGauge({ name: 'jobwise_db_pool_waiting_queries', help: 'Queries waiting for a PostgreSQL pool connection.', read: () => use().waiting });
  }

  app.get(METRICS_PATH, async (request, reply) => {
    // Anyone else is told nothing exists here.
    if (!mayReadMetrics(request, app.config.METRICS_TOKEN)) return sendNotFound(reply, { cacheControl: 'no-store' });
    const { contentType, body } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['config'] });
