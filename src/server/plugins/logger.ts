import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Structured logs. Cookies, authorisation and codes never reach them. */
export function loggerOptions(config: Config, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.one_time_password',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        // Query strings can carry emails or tokens: log the path only.
        return { method: request.method, path: loggedPath(request.url), id: request.id };
      },
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

/** Paths whose last segment is a secret link's token (team invitations, alert unsubscribe links). */
const TOKEN_PATHS = /^(\/employer\/invitation|\/candidate\/unsubscribe)\/[^/?]+/;

/** The path as logged: no query string, and tokens of emailed links masked. */
export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '/').replace(TOKEN_PATHS, '$1/[token]');
}
