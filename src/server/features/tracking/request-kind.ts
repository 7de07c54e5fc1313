import type { FastifyRequest } from 'fastify';

/**
 * Files (scripts, styles, images), health checks and the development mailbox: requests that need
 * neither a session lookup nor a tracking identity.
 */
export function isPlumbingRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return /\.[A-Za-z0-9]{1,8}$/.test(path) || path === '/healthz' || path === '/readyz' || path.startsWith('/dev/') || path.startsWith('/assets/');
}
