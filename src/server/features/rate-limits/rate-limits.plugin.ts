import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { databaseRateLimitStore, redisRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { consumeRateLimit, type RateLimit } from './rate-limiter';

export interface RateLimits {
  store: RateLimitStore;
  /** At most N one-time codes sent to one address per hour (RATE_LIMITING_ERROR beyond). */
  codesPerEmail: RateLimit;
  /** Bursts of state-changing calls from one client address (RATE_LIMITING_THROTTLED beyond). */
  perClient: RateLimit;
  /** A job seeker's actions (save, apply, upload, alerts) from one client address: more generous. */
  actionsPerClient: RateLimit;
  /** Wrong sign-in codes per address per day, across codes (RATE_LIMITING_ERROR beyond). */
  codeFailuresPerEmail: RateLimit;
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
export const DAY_MS = 24 * HOUR_MS;

async function rateLimitsPlugin(app: FastifyInstance) {
  const { config } = app;
  let store;
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // Without a listener ioredis prints every reconnect failure; calls still fail (500) while it is down.
    redis.on('error', (error: Error) => app.log.warn({ err: { name: error.name, message: error.message } }, 'redis connection problem'));
    store = redisRateLimitStore(redis);
  } else {
    store = databaseRateLimitStore(app.db);
  }
  app.decorate('rateLimits', {
    store,
    codesPerEmail: { name: 'codes-per-email', max: config.RATE_LIMIT_EMAIL_CODES_PER_HOUR, windowMs: HOUR_MS },
    perClient: { name: 'client', max: config.RATE_LIMIT_CLIENT_MAX, windowMs: config.RATE_LIMIT_CLIENT_WINDOW_SECONDS * 1000 },
    actionsPerClient: { name: 'actions', max: config.RATE_LIMIT_ACTIONS_MAX, windowMs: config.RATE_LIMIT_CLIENT_WINDOW_SECONDS * 1000 },
    codeFailuresPerEmail: { name: 'code-failures', max: config.RATE_LIMIT_CODE_FAILURES_PER_DAY, windowMs: DAY_MS },
  });
  app.addHook('onClose', async () => store.close());

  app.addHook('preHandler', async (request, reply) => {
    const { clientRateLimit, actionRateLimit } = request.routeOptions.config;
    if (!clientRateLimit && !actionRateLimit) return;
    const limit = clientRateLimit ? app.rateLimits.perClient : app.rateLimits.actionsPerClient;
    const result = await consumeRateLimit(store, limit, request.ip, app.now());
    if (result.allowed) return;
    const message = registrationErrorMessage('RATE_LIMITING_THROTTLED');
    return reply
      .status(429)
      .header('retry-after', String(result.retryAfterSeconds))
      .send({ status: 'RATE_LIMITING_THROTTLED', error_message: message, error: message });
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['config'] });
