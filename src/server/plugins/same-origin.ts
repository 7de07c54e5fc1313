import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

/** Refuses state-changing requests from other sites, and API calls without X-Requested-With. */
async function sameOriginPlugin(app: FastifyInstance) {
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const routeConfig = request.routeOptions.config;
    if (routeConfig.sameOrigin !== false && !isSameOrigin(request, app.config.PUBLIC_URL)) {
      const message = 'Cross-site requests are not allowed.';
      reply.status(403).send({ status: 'FORBIDDEN', error_message: message, error: message });
      return;
    }
    if (routeConfig.requireXhr && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      const message = 'Missing X-Requested-With header.';
      reply.status(403).send({ status: 'FORBIDDEN', error_message: message, error: message });
      return;
    }
    done();
  });
}

export default fp(sameOriginPlugin, { name: 'same-origin', dependencies: ['config'] });
