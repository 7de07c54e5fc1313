// Apply clicks, the figure a company sees for a job's "Apply on company site" and "Apply by email"
// (decision 0226). Both addresses answer anyone, so a click counts at most once per visitor, job and UTC
// day, and only within a per-client allowance; a click that does not count still takes the person on.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consumeRateLimit, refundRateLimit, type RateLimit } from '../rate-limits/rate-limiter';
import { HOUR_MS, DAY_MS } from '../../../shared/time';


/** Counted clicks from one client address (an IPv6 /64) an hour: more than a person makes, few for a script. */
export const APPLY_CLICKS_PER_CLIENT: RateLimit = { name: 'apply-clicks', max: 30, windowMs: HOUR_MS };
/** A visitor's clicks on one job count once a UTC day, like the figures' own days. */
const ONCE_A_DAY: RateLimit = { name: 'apply-click-once', max: 1, windowMs: DAY_MS };

/**
 * Who clicked: the account when signed in, else the browser's tracking id if it came with the request,
 * else the client address. A new tracking id is made for every request that brings none, so it names
 * nobody; a script that drops its cookies is still one client address to the allowance.
 */
export function applyClickVisitor(request: FastifyRequest): string {
  if (request.user) return `account:${request.user.id}`;
  if (request.tracking && !request.tracking.ptidIsNew) return `ptid:${request.tracking.ptid}`;
  return `client:${request.clientKey}`;
}

/**
 * Counts the click in the job's figures when it is this visitor's first on the job today and the client
 * is within its allowance; answers whether it counted. Both counts live in the shared rate-limit store
 * (database or Redis), which forgets them when their window ends, so nothing here grows with clicks.
 */
export async function countApplyClick(app: FastifyInstance, request: FastifyRequest, jobId: string): Promise<boolean> {
  const { store } = app.rateLimits;
  const now = app.now();
  const allowance = await consumeRateLimit(store, APPLY_CLICKS_PER_CLIENT, request.clientKey, now);
  if (!allowance.allowed) return false;
  const first = await consumeRateLimit(store, ONCE_A_DAY, `${jobId}:${applyClickVisitor(request)}`, now);
  if (!first.allowed) {
    // A repeat is not a new click: it spends none of the client's allowance.
    await refundRateLimit(store, APPLY_CLICKS_PER_CLIENT, request.clientKey, now);
    return false;
  }
  app.jobFigures.count(jobId, 'apply_clicks');
  return true;
}
