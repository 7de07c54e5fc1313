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

/**
 * The Set-Cookie attributes, fixed at start-up: the same line @fastify/cookie's setCookie writes
 * (`; Max-Age=...; Path=/; HttpOnly[; Secure]; SameSite=Lax`), without serialising options on every
 * request. The values need no encoding: both ids match ID_PATTERN or come from randomUUID.
 */
export function trackingCookieAttributes(maxAgeSeconds: number, secure: boolean): string {
  return `; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
}

/** Issues the ptid and visit_id cookies on page and API requests, and reads them back into `request.tracking`. */
async function trackingPlugin(app: FastifyInstance) {
  app.decorateRequest('tracking', null);
  const ptidAttributes = trackingCookieAttributes(PTID_MAX_AGE_SECONDS, app.config.isProduction);
  const visitAttributes = trackingCookieAttributes(VISIT_IDLE_SECONDS, app.config.isProduction);
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (isPlumbingRequest(request)) return done();
    const sentPtid = request.cookies[PTID_COOKIE];
    const sentVisit = request.cookies[VISIT_COOKIE];
    const ptid = sentPtid && ID_PATTERN.test(sentPtid) ? sentPtid : randomUUID();
    const visitId = sentVisit && ID_PATTERN.test(sentVisit) ? sentVisit : randomUUID();
    const visitCookie = `${VISIT_COOKIE}=${visitId}${visitAttributes}`;
    // Fastify adds to Set-Cookie, and @fastify/cookie keeps what is there when it adds its own.
    reply.header('set-cookie', ptid === sentPtid ? visitCookie : [`${PTID_COOKIE}=${ptid}${ptidAttributes}`, visitCookie]);
    // Later hooks and handlers (the event log) see the identity even on the request that made it.
    request.cookies[PTID_COOKIE] = ptid;
    request.cookies[VISIT_COOKIE] = visitId;
    request.tracking = { ptid, visitId, ptidIsNew: ptid !== sentPtid };
    done();
  });
}

export default fp(trackingPlugin, { name: 'tracking', dependencies: ['config'] });
