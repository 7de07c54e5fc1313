import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { databaseRateLimitStore, redisRateLimitStore, redisWithDatabaseFallback, type RateLimitStore } from './rate-limit-store';
import { consumeRateLimit, type RateLimit } from './rate-limiter';

export interface RateLimits {
  store: RateLimitStore;
  /** At most N one-time codes sent to one address per hour (RATE_LIMITING_ERROR beyond). */
  codesPerEmail: RateLimit;
  /** Bursts of state-changing calls from one client address (RATE_LIMITING_THROTTLED beyond). */
  perClient: RateLimit;
  /** A job seeker's actions (save, apply, upload, alerts) from one client address: more generous. */
  actionsPerClient: RateLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
  interface FastifyContextConfig {
    /** Count this call against the per-client-address burst limit. */
    clientRateLimit?: boolean;
    /** Count this call against the per-client-address limit of job-seeker actions. */
    actionRateLimit?: boolean;
  }
}

export const HOUR_MS = 60 * 60 * 1000;

async function rateLimitsPlugin(app: FastifyInstance) {
  const { config } = app;
  let store;
  if (config.REDIS_URL) {
    // No offline queue and a short command timeout: while Redis is down a hit goes to the database at
    // once (decision 0143) instead of waiting for a reconnect.
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000, connectTimeout: 2000 });
    let lastProblemLoggedAt = 0;
    redis.on('error', (error: Error) => {
      // Reconnect attempts fail every few hundred milliseconds during an outage: log one in ten seconds.
      if (Date.now() - lastProblemLoggedAt < 10_000) return;
      lastProblemLoggedAt = Date.now();
      app.log.warn({ err: { name: error.name, message: error.message } }, 'redis connection problem');
    });
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      redis.once('ready', done);
    });
    store = redisWithDatabaseFallback(redis, redisRateLimitStore(redis, `${config.REDIS_KEY_PREFIX}rl:`), databaseRateLimitStore(app.db), app.log);
  } else {
    store = databaseRateLimitStore(app.db);
  }
  app.decorate('rateLimits', {
    store,
    codesPerEmail: { name: 'codes-per-email', max: config.RATE_LIMIT_EMAIL_CODES_PER_HOUR, windowMs: HOUR_MS },
    perClient: { name: 'client', max: config.RATE_LIMIT_CLIENT_MAX, windowMs: config.RATE_LIMIT_CLIENT_WINDOW_SECONDS * 1000 },
    actionsPerClient: { name: 'actions', max: config.RATE_LIMIT_ACTIONS_MAX, windowMs: config.RATE_LIMIT_CLIENT_WINDOW_SECONDS * 1000 },
  });
  app.addHook('onClose', async () => store.close());

  app.addHook('preHandler', async (request, reply) => {
    const { clientRateLimit, actionRateLimit } = request.routeOptions.config;
    if (!clientRateLimit && !actionRateLimit) return;
    const limit = clientRateLimit ? app.rateLimits.perClient : app.rateLimits.actionsPerClient;
    const result = await consumeRateLimit(store, limit, request.clientKey, app.now());
    if (result.allowed) return;
    const message = registrationErrorMessage('RATE_LIMITING_THROTTLED');
    return reply
      .status(429)
      .header('retry-after', String(result.retryAfterSeconds))
      .send({ status: 'RATE_LIMITING_THROTTLED', error_message: message, error: message });
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['config', 'client-address'] });
