import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sameOriginHeaders, createTestApp, type TestApp } from '../support/test-app';

// Issue 14, finding 3: only the proxies named in TRUST_PROXY may say who the client is, and an IPv6
// client is one /64 for every per-client limit. Decision 0080.
const LIMIT = 30;

let t: TestApp;
afterEach(async () => t?.close());

/** One code check (a wrong code for an unknown address: 400 or 404, never stored), as `peer` sends it. */
function checkCode(app: FastifyInstance, peer: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/jobseeker/register/otp_validation',
    remoteAddress: peer,
    headers: { ...sameOriginHeaders, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: JSON.stringify({ email: 'victim@example.com', one_time_password: '123456', meta_data: {} }),
  });
}

async function statuses(count: number, send: (n: number) => ReturnType<typeof checkCode>): Promise<number[]> {
  const seen: number[] = [];
  for (let n = 0; n < count; n++) seen.push((await send(n)).statusCode);
  return seen;
}

function firstLimited(seen: number[]): number {
  return seen.indexOf(429);
}

describe('per-client limits and X-Forwarded-For', () => {
  it('40 code checks with a rotating X-Forwarded-For from an untrusted peer get 429 after the limit', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const seen = await statuses(40, (n) => checkCode(t.app, '203.0.113.9', `198.51.100.${n}`));
    expect(firstLimited(seen)).toBe(LIMIT);
    expect(seen.slice(LIMIT).every((status) => status === 429)).toBe(true);
  });

  it('with no proxy trusted (the default), X-Forwarded-For is ignored too', async () => {
    t = await createTestApp();
    const seen = await statuses(40, (n) => checkCode(t.app, '127.0.0.1', `198.51.100.${n}`));
    expect(firstLimited(seen)).toBe(LIMIT);
  });

  it('from a trusted proxy the forwarded address is the client: each has its own limit', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' });
    const rotating = await statuses(40, (n) => checkCode(t.app, n % 2 ? '10.1.2.3' : '192.0.2.7', `198.51.100.${n}`));
    expect(rotating).not.toContain(429);
    const one = await statuses(40, () => checkCode(t.app, '10.1.2.3', '198.51.100.200'));
    expect(firstLimited(one)).toBe(LIMIT);
  });

  it('believes only the hops it trusts: a client-written first entry does not count', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    // The client wrote "n", our proxy appended the address it saw (198.51.100.9): the client is 198.51.100.9.
    const seen = await statuses(40, (n) => checkCode(t.app, '10.0.0.1', `172.16.0.${n}, 198.51.100.9`));
    expect(firstLimited(seen)).toBe(LIMIT);
  });

  it('keys an IPv6 client by its /64, directly and through a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '::1' });
    const direct = await statuses(40, (n) => checkCode(t.app, `2001:db8:1:2:${n.toString(16)}::1`));
    expect(firstLimited(direct)).toBe(LIMIT);
    const proxied = await statuses(40, (n) => checkCode(t.app, '::1', `2001:db8:aaaa:bbbb:${n.toString(16)}:1:2:3`));
    expect(firstLimited(proxied)).toBe(LIMIT);
    const otherNetworks = await statuses(40, (n) => checkCode(t.app, `2001:db8:${n.toString(16)}::1`));
    expect(otherNetworks).not.toContain(429);
  });

  it('treats an IPv4-mapped IPv6 peer as the IPv4 address it is', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const seen = await statuses(40, (n) => checkCode(t.app, '::ffff:10.0.0.5', `198.51.100.${n}`));
    expect(seen).not.toContain(429);
  });
});

describe('geo headers come only from a trusted proxy', () => {
  const country = async (peer: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/jobseeker/register/location', remoteAddress: peer, headers: { 'x-test-country': 'CA' } });
    return response.json<{ country: string }>().country;
  };

  it('reads the country header from the trusted proxy, not from anyone else', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', GEO_COUNTRY_HEADER: 'X-Test-Country' });
    expect(await country('127.0.0.1')).toBe('CA');
    expect(await country('203.0.113.9')).toBe('US');
  });
});
