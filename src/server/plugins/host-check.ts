import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

// DNS rebinding: a page on evil.example whose name is made to point at this server would be
// same-origin with it and could read any answer, the development mailbox first. A request is answered
// only under PUBLIC_URL's host name, and outside production under the loopback names too (issue 14,
// finding 2; decision 0081).

export const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * Load balancers ask these under the instance's own address; they reveal nothing. A scraper asks
 * /metrics the same way, and that route lets in only this machine or the token (decision 0275).
 */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export const MISDIRECTED_MESSAGE = 'This server does not answer for that host name.';

/** A Host value as RFC 9110 has it: a name or an IPv6 literal, then at most a port of digits. */
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/**
 * "Example.COM:8080" -> "example.com", "[::1]:3000" -> "[::1]"; a trailing dot is the same name.
 * Anything else ("localhost:3202.evil.example", "name@evil.example") is no name at all: the whole value
 * is read, never a prefix of it.
 */
export function hostNameOf(host: string | undefined): string {
  const match = host ? HOST_VALUE.exec(host) : null;
  return match ? match[1]!.toLowerCase().replace(/\.$/, '') : '';
}

const allowedByConfig = new WeakMap<object, ReadonlySet<string>>();

/** Worked out once per configuration (every page asks, for the Google client id). */
export function allowedHostNames(config: Pick<Config, 'PUBLIC_URL' | 'isProduction'>): ReadonlySet<string> {
  const known = allowedByConfig.get(config);
  if (known) return known;
  const names = new Set([hostNameOf(new URL(config.PUBLIC_URL).host)]);
  if (!config.isProduction) for (const name of LOOPBACK_HOST_NAMES) names.add(name);
  allowedByConfig.set(config, names);
  return names;
}

export function isLoopbackHostName(host: string | undefined): boolean {
  return (LOOPBACK_HOST_NAMES as readonly string[]).includes(hostNameOf(host));
}

/** Host values already judged (a few in practice); past this many the memory starts over. */
const MAX_REMEMBERED_HOSTS = 100;

async function hostCheckPlugin(app: FastifyInstance) {
  const allowed = allowedHostNames(app.config);
  const verdicts = new Map<string, boolean>();
  const isAllowed = (host: string) => {
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      verdict = allowed.has(hostNameOf(host));
      if (verdicts.size >= MAX_REMEMBERED_HOSTS) verdicts.clear();
      verdicts.set(host, verdict);
    }
    return verdict;
  };
  // A callback hook: it runs on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    // request.host is X-Forwarded-Host only when the peer is a trusted proxy, the Host header otherwise.
    if (isAllowed(request.host) || ANY_HOST_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    reply
      .status(421)
      .header('cache-control', 'no-store')
      .send({ status: 'MISDIRECTED_REQUEST', error_message: MISDIRECTED_MESSAGE, error: MISDIRECTED_MESSAGE });
  });
}

export default fp(hostCheckPlugin, { name: 'host-check', dependencies: ['config'] });
