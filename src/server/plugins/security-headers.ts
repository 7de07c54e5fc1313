import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_HEAD_SCRIPT } from '../../shared/theme';
import { isGoogleSignInConfigured } from '../features/google-sign-in/client-ids';

/** Google Identity Services, allowed only when a client id is configured (its script, button frame, styles, calls). */
export interface GoogleSignInSources {
  scriptUrl: string;
}

/** What Google documents for GIS under a CSP: the script itself and the /gsi/ paths of its origin. */
export function googleSignInSources(scriptUrl: string) {
  const gsi = `${new URL(scriptUrl).origin}/gsi/`;
  return { script: [scriptUrl], style: [`${gsi}style`], frame: [gsi], connect: [gsi] };
}

/** The CSP source that allows the theme's head script (src/shared/theme.ts) and no other inline script. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_HEAD_SCRIPT).digest('base64')}'`;

/**
 * One inline script runs in pages, the theme's, allowed by its hash (decision 0258); page data is a
 * JSON data block, which CSP does not execute. Development allows any inline script for Vite's
 * hot-reload client, and leaves the hash out: beside a hash, browsers ignore 'unsafe-inline'.
 */
export function contentSecurityPolicy(isDevelopment: boolean, google: GoogleSignInSources | null = null): Record<string, string[]> {
  const inlineScript = isDevelopment ? ["'unsafe-inline'"] : [THEME_SCRIPT_SOURCE];
  const gsi = google ? googleSignInSources(google.scriptUrl) : { script: [], style: [], frame: [], connect: [] };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...gsi.script, ...inlineScript],
    'style-src': ["'self'", ...(isDevelopment ? ["'unsafe-inline'"] : []), ...gsi.style],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(isDevelopment ? ['ws:'] : []), ...gsi.connect],
    // blob: plays back a spotlight recording before it is uploaded.
    'media-src': ["'self'", 'blob:'],
    // The résumé viewer's pdfjs worker is a built file of our own origin, never a blob: (decision 0319).
    'worker-src': ["'self'"],
    'frame-src': gsi.frame.length > 0 ? gsi.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * The résumé file's own policy, for when it is opened in the browser (its download link): nothing in
 * it runs, and no other site may frame it (decisions 0295, 0319).
 */
export const RESUME_FILE_POLICY = "default-src 'none'; object-src 'self'; frame-ancestors 'self'";

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

/**
 * Browser features a page may use (issue 47): the camera and microphone for our own spotlight recorder,
 * nothing else that reaches the person's device or wallet, for us or for any frame.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()';

async function securityHeadersPlugin(app: FastifyInstance, options: { dev: boolean }) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.dev, isGoogleSignInConfigured(app.config) ? { scriptUrl: app.config.GOOGLE_GSI_SCRIPT_URL } : null),
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['config'] });
