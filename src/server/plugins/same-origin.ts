import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendForbidden } from '../shared/refusals';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a route that must accept cross-site posts (none yet). */
    sameOrigin?: boolean;
    /** Require the X-Requested-With header that our fetch client sends (JSON API calls). */
    requireXhr?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  // An opaque origin (a sandboxed frame, a data: page, a redirect through another site) says "null":
  // nothing proves it is ours, so it is cross-site whatever Sec-Fetch-Site claims (issue 14, finding 5).
  if (origin === 'null') return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'same-origin') return true;
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  if (typeof origin === 'string') {
    if (origin === new URL(publicUrl).origin) return true;
    const host = request.headers.host;
    return typeof host === 'string' && (origin === `http://${host}` || origin === `https://${host}`);
  }
  // Neither header: not a browser (curl, server-to-server). Browsers always send one of them on a POST,
  // so a request without both cannot be a cross-site forgery riding on a visitor's cookies.
  return fetchSite === undefined;
}

function isOurOrigin(url: string, request: FastifyRequest, publicUrl: string): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (origin === new URL(publicUrl).origin) return true;
  const host = request.headers.host;
  return typeof host === 'string' && (origin === `http://${host}` || origin === `https://${host}`);
}

/** A speculative load (Chrome's Sec-Purpose, Firefox's X-Moz, the older Purpose): nobody asked for it yet. */
function isPrefetch(request: FastifyRequest): boolean {
  const { headers } = request;
  return [headers['sec-purpose'], headers.purpose, headers['x-moz']].some((value) => typeof value === 'string' && /prefetch|prerender/i.test(value));
}

/**
 * Whether a GET may change state (marking an application read, spending a résumé-database view,
 * counting an apply click): only a navigation the person made on our own pages (Sec-Fetch-Site
 * same-origin) or by opening the address themselves (none), never a prefetch. A link, image or frame
 * of another site, even a sibling subdomain, changes nothing (decision 0226). A browser without
 * Sec-Fetch-Site counts only with a Referer of ours; a request with neither proves nothing.
 */
export function isOwnNavigation(request: FastifyRequest, publicUrl: string): boolean {
  if (isPrefetch(request)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const referer = request.headers.referer;
  return typeof referer === 'string' && isOurOrigin(referer, request, publicUrl);
}

/** Refuses state-changing requests from other sites, and API calls without X-Requested-With. */
async function sameOriginPlugin(app: FastifyInstance) {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const routeConfig = request.routeOptions.config;
    if (routeConfig.sameOrigin !== false && !isSameOrigin(request, app.config.PUBLIC_URL)) {
      sendForbidden(reply, 'FORBIDDEN', 'Cross-site requests are not allowed.');
      return;
    }
    if (routeConfig.requireXhr && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      sendForbidden(reply, 'FORBIDDEN', 'Missing X-Requested-With header.');
      return;
    }
    done();
  });
}

export default fp(sameOriginPlugin, { name: 'same-origin', dependencies: ['config'] });
