import type { FastifyRequest } from 'fastify';

// Static files by extension. Not any extension: /admin/analytics.csv is a signed-in download.
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|webmanifest|json|br|gz)$/i;

/**
 * Files (scripts, styles, images), health checks and the development mailbox: requests that need
 * neither a session lookup nor a tracking identity.
 */
export function isPlumbingRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return STATIC_FILE.test(path) || path === '/healthz' || path === '/readyz' || path.startsWith('/dev/') || path.startsWith('/assets/');
}
