import type { FastifyRequest } from 'fastify';

/** Static files from the build's public folder and hashed assets. */
const STATIC_PREFIXES = ['/assets/', '/media/', '/favicon.svg'];

/**
 * Static files, health checks and the development mailbox: requests that need neither a session lookup
 * nor a tracking identity. Dynamic addresses that end in an extension (a CSV export, sitemap.xml) are not
 * plumbing: they may need to know who is asking.
 */
export function isPlumbingRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return STATIC_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/healthz' || path === '/readyz' || path.startsWith('/dev/');
}
