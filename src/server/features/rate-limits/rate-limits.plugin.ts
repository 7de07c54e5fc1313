import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { LocalFirstLimiter } from './local-first-limiter';
import { databaseRateLimitStore, redisRateLimitStore, redisWithDatabaseFallback, type RateLimitStore } from './rate-limit-store';
import { consumeRateLimit, type RateLimit } from './rate-limiter';
import { quickHook } from '../../lib/quick-hook';
import { HOUR_MS, DAY_MS } from '../../../shared/time';

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

/** The ingest's limits: counted in memory first, shared through the store every 250 ms (decision 0086). */
export interface IngestLimits {
  limiter: LocalFirstLimiter;
  perPtid: RateLimit;
  perClient: RateLimit;
  /** Sends the counts gathered since the last flush to the store now (tests; shutdown). */
  flush(): Promise<void>;
}

/** What an ingest request costs: one, plus one per started 4 KB of body beyond the first. */
export function ingestCost(bodyBytes: number): number {
  return 1 + Math.floor(Math.max(0, bodyBytes) / 4096);
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    ingestLimits: IngestLimits;
  }
  interface FastifyContextConfig {
    /** Count this call against the per-client-address burst limit. */
    clientRateLimit?: boolean;
    /** Count this call against the per-client-address limit of job-seeker actions. */
    actionRateLimit?: boolean;
    /** An ingest call (event log, observations): per-ptid and per-client limits, counted in memory first. */
    ingestRateLimit?: boolean;
  }
}


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
    codeFailuresPerEmail: { name: 'code-failures', max: config.RATE_LIMIT_CODE_FAILURES_PER_DAY, windowMs: DAY_MS },
  });
  const ingestWindowMs = config.INGEST_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = new LocalFirstLimiter(store, (error) =>
    app.log.warn({ err: { name: error instanceof Error ? error.name : typeof error, message: error instanceof Error ? error.message : '' } }, 'ingest limit counts not shared'),
  );
  // Tests flush by hand (their clock is fake); a server flushes on a timer.
  if (config.NODE_ENV !== 'test') limiter.start();
  app.decorate('ingestLimits', {
    limiter,
    perPtid: { name: 'ingest-ptid', max: config.INGEST_LIMIT_PER_PTID, windowMs: ingestWindowMs },
    perClient: { name: 'ingest-client', max: config.INGEST_LIMIT_PER_CLIENT, windowMs: ingestWindowMs },
    flush: () => limiter.flush(),
  });
  // preClose: the last counts go out while the database is still open (it closes in an onClose hook).
  app.addHook('preClose', async () => limiter.close());
  app.addHook('onClose', async () => store.close());

  const throttled = (reply: FastifyReply, retryAfterSeconds: number) => {
    const message = registrationErrorMessage('RATE_LIMITING_THROTTLED');
    return reply
      .status(429)
      .header('retry-after', String(retryAfterSeconds))
      .send({ status: 'RATE_LIMITING_THROTTLED', error_message: message, error: message });
  };

  const limited = (request: FastifyRequest) => {
    const { clientRateLimit, actionRateLimit, ingestRateLimit } = request.routeOptions.config;
    return Boolean(clientRateLimit || actionRateLimit || ingestRateLimit);
  };
  // Before the route's schema is checked, so a refused request still counts (decision 0250).
  app.addHook('preValidation', quickHook(limited, async (request, reply) => {
    const { clientRateLimit, actionRateLimit, ingestRateLimit } = request.routeOptions.config;
    if (ingestRateLimit) {
      const { perPtid, perClient } = app.ingestLimits;
      const ptid = request.cookies.ptid;
      // request.tracking: set by the tracking plugin's onRequest hook (registered before this one).
      const fresh = request.tracking?.ptidIsNew === true;
      const checks = [{ limit: perClient, subject: request.clientKey }, ...(ptid ? [{ limit: perPtid, subject: ptid.slice(0, 100), fresh }] : [])];
      const decision = limiter.consume(checks, ingestCost(Number(request.headers['content-length'] ?? 0) || 0), app.now());
      if (!decision.allowed) return throttled(reply, decision.retryAfterSeconds);
    }
    if (!clientRateLimit && !actionRateLimit) return;
    const limit = clientRateLimit ? app.rateLimits.perClient : app.rateLimits.actionsPerClient;
    const result = await consumeRateLimit(store, limit, request.clientKey, app.now());
    if (!result.allowed) return throttled(reply, result.retryAfterSeconds);
  }));
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['config', 'client-address'] });
