import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

export type LogOutput = { pretty: boolean } | { stream: NodeJS.WritableStream };

/** pino's redaction: cookies, authorisation and codes never reach the log, pretty or not. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.one_time_password',
  '*.password',
  '*.token',
];

/**
 * Structured logs: pretty-printed by pino-pretty when stdout is a terminal, one JSON object a line
 * otherwise (a file, a pipe, a log collector). Redaction happens before either, in this process.
 */
export function loggerOptions(config: Config, output: LogOutput): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        // Query strings can carry emails or tokens: log the path only.
        return { method: request.method, path: loggedPath(request.url), id: request.id };
      },
    },
    ...('stream' in output ? { stream: output.stream } : {}),
    ...('pretty' in output && output.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', colorize: true } } } : {}),
  };
}

/** Paths whose last segment is a secret link's token (team invitations, alert unsubscribe links). */
const TOKEN_PATHS = /^(\/employer\/invitation|\/candidate\/unsubscribe)\/[^/?]+/;

/** The path as logged: no query string, and tokens of emailed links masked. */
export function loggedPath(url: string): string {
  return (url.split('?')[0] ?? '/').replace(TOKEN_PATHS, '$1/[token]');
}
