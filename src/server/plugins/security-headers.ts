import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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

/**
 * Helmet decides the headers; they do not change per request, so they are worked out once here
 * (profiling showed helmet re-parsing the CSP directives on every request).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance, options: { dev: boolean }) {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.dev) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['config'] });
