// Visitors' kept pages are dropped on every instance (issue 46, decision 0281): an instance that drops
// its own tells the others through an engine they already share. Redis pub/sub when REDIS_URL is set;
// else PostgreSQL LISTEN/NOTIFY on PostgreSQL; on SQLite (one instance) nothing is shared.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { postgresClientConfigOf } from '../../db/connection';
import { postgresListener } from '../../db/postgres-listen';

export type VisitorPagesSharing = 'redis' | 'postgres' | 'none';

declare module 'fastify' {
  interface FastifyInstance {
    /** How this instance hears of other instances' changes to jobs. */
    visitorPagesSharing: VisitorPagesSharing;
  }
}

export const VISITOR_PAGES_CHANNEL = 'jobwise_visitor_pages';
/** How long start-up waits for Redis before going on (the subscription completes when Redis answers). */
const REDIS_START_WAIT_MS = 2000;

async function visitorPagesSharingPlugin(app: FastifyInstance) {
  const { config } = app;
  // Our own notices come back to us: the origin tells them apart.
  const origin = randomBytes(6).toString('base64url');
  const heard = (payload: string) => {
    if (payload !== origin) app.forgetVisitorPagesHere();
  };

  if (config.REDIS_URL) {
    const channel = `${config.REDIS_KEY_PREFIX}${VISITOR_PAGES_CHANNEL}`;
    // A subscribing connection takes no other commands: one to listen, one to publish.
    const subscriber = new Redis(config.REDIS_URL, { connectTimeout: 2000 });
    const publisher = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000, connectTimeout: 2000 });
    let lastProblemLoggedAt = 0;
    const problem = (error: Error) => {
      // Reconnect attempts fail every few hundred milliseconds during an outage: log one in ten seconds.
      if (Date.now() - lastProblemLoggedAt < 10_000) return;
      lastProblemLoggedAt = Date.now();
      app.log.warn({ err: { name: error.name, message: error.message } }, 'visitor pages: redis connection problem');
    };
    subscriber.on('error', problem);
    publisher.on('error', problem);
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) heard(payload);
    });
    let subscribedOnce = false;
    // ioredis subscribes again after a reconnect; notices sent meanwhile are lost, so drop ours then.
    subscriber.on('ready', () => {
      if (subscribedOnce) app.forgetVisitorPagesHere();
    });
    const subscribed = subscriber.subscribe(channel).then(
      () => {
        subscribedOnce = true;
      },
      (error: unknown) => app.log.warn({ err: error }, 'visitor pages: cannot subscribe on redis'),
    );
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((resolve) => (waited = setTimeout(resolve, REDIS_START_WAIT_MS)))]);
    clearTimeout(waited);
    app.shareVisitorPageForgets(() => {
      publisher.publish(channel, origin).catch((error: unknown) => app.log.warn({ err: error }, 'visitor pages: publish failed; other instances keep theirs up to JOB_PAGES_CACHE_SECONDS'));
    });
    app.decorate('visitorPagesSharing', 'redis' as VisitorPagesSharing);
    app.addHook('onClose', async () => {
      subscriber.disconnect();
      publisher.disconnect();
    });
    return;
  }

  const clientConfig = app.dialect === 'postgres' ? postgresClientConfigOf(app.db) : undefined;
  if (clientConfig) {
    const listener = postgresListener({ clientConfig, channel: VISITOR_PAGES_CHANNEL, log: app.log, label: 'visitor pages', onNotification: heard, onReconnect: () => app.forgetVisitorPagesHere() });
    await listener.start();
    app.shareVisitorPageForgets(() => {
      sql`select pg_notify(${VISITOR_PAGES_CHANNEL}, ${origin})`
        .execute(app.db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'visitor pages: notify failed; other instances keep theirs up to JOB_PAGES_CACHE_SECONDS'));
    });
    app.decorate('visitorPagesSharing', 'postgres' as VisitorPagesSharing);
    app.addHook('onClose', async () => listener.close());
    return;
  }
  app.decorate('visitorPagesSharing', 'none' as VisitorPagesSharing);
}

export default fp(visitorPagesSharingPlugin, { name: 'visitor-pages-sharing', dependencies: ['config'] });
