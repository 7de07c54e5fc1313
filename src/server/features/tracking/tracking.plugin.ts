import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPlumbingRequest } from './request-kind';

export const PTID_COOKIE = 'ptid';
export const VISIT_COOKIE = 'visit_id';
/** A visit ends after 30 minutes without a request: the cookie's lifetime restarts on every request. */
export const VISIT_IDLE_SECONDS = 30 * 60;
const PTID_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface TrackingIdentity {
  /** Persistent browser id. */
  ptid: string;
  visitId: string;
  /** The ptid was made for this request (none, or a malformed one, came with it). */
  ptidIsNew: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    tracking: TrackingIdentity | null;
  }
}

/** Issues the ptid and visit_id cookies on page and API requests, and reads them back into `request.tracking`. */
async function trackingPlugin(app: FastifyInstance) {
  app.decorateRequest('tracking', null);
  app.addHook('onRequest', async (request, reply) => {
    if (isPlumbingRequest(request)) return;
    const sentPtid = request.cookies[PTID_COOKIE];
    const sentVisit = request.cookies[VISIT_COOKIE];
    const ptid = sentPtid && ID_PATTERN.test(sentPtid) ? sentPtid : randomUUID();
    const visitId = sentVisit && ID_PATTERN.test(sentVisit) ? sentVisit : randomUUID();
    const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.isProduction };
    if (ptid !== sentPtid) reply.setCookie(PTID_COOKIE, ptid, { ...base, maxAge: PTID_MAX_AGE_SECONDS });
    reply.setCookie(VISIT_COOKIE, visitId, { ...base, maxAge: VISIT_IDLE_SECONDS });
    // Later hooks and handlers (the event log) see the identity even on the request that made it.
    request.cookies[PTID_COOKIE] = ptid;
    request.cookies[VISIT_COOKIE] = visitId;
    request.tracking = { ptid, visitId, ptidIsNew: ptid !== sentPtid };
  });
}

export default fp(trackingPlugin, { name: 'tracking', dependencies: ['config'] });
