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
        // Query strings can carry emails, codes or tokens: log the path only.
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
    },
    ...('stream' in output ? { stream: output.stream } : {}),
    ...('pretty' in output && output.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', colorize: true } } } : {}),
  };
}
