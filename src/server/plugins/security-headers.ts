import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Pages carry no inline script: page data is a JSON data block, which CSP does not execute, so
 * script-src can stay 'self'. Development relaxes it for Vite's hot-reload client.
 */
export function contentSecurityPolicy(isDevelopment: boolean): Record<string, string[]> {
  const extraScript = isDevelopment ? ["'unsafe-inline'"] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extraScript],
    'style-src': ["'self'", ...(isDevelopment ? ["'unsafe-inline'"] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(isDevelopment ? ['ws:'] : [])],
    'media-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

async function securityHeadersPlugin(app: FastifyInstance, options: { dev: boolean }) {
  const isDevelopment = options.dev;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isDevelopment) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['config'] });
