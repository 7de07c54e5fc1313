// The tracking cookies (ptid, visit_id) are written as Set-Cookie lines fixed at start-up (issue 18): the
// same lines @fastify/cookie writes, and alongside any cookie a route or hook sets with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PTID_COOKIE, VISIT_COOKIE, VISIT_IDLE_SECONDS, trackingCookieAttributes } from '../../src/server/features/tracking/tracking.plugin';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const setCookies = (header: string | string[] | undefined) => (header === undefined ? [] : [header].flat());
const options = (maxAge: number, secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge });

describe('tracking cookies', () => {
  it("are the lines @fastify/cookie's setCookie writes, with and without Secure", () => {
    for (const secure of [false, true]) {
      const expected = t.app.serializeCookie(VISIT_COOKIE, 'v-1', options(VISIT_IDLE_SECONDS, secure));
      expect(`${VISIT_COOKIE}=v-1${trackingCookieAttributes(VISIT_IDLE_SECONDS, secure)}`).toBe(expected);
    }
  });

  it('gives a new visitor both ids, and a returning one a fresh visit lifetime only', async () => {
    const first = setCookies((await t.app.inject({ method: 'GET', url: '/' })).headers['set-cookie']);
    expect(first).toHaveLength(2);
    const ptid = /^ptid=([\w-]+); Max-Age=63072000; Path=\/; HttpOnly; SameSite=Lax$/.exec(first[0] ?? '')?.[1];
    const visit = /^visit_id=([\w-]+); Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/.exec(first[1] ?? '')?.[1];
    expect(ptid).toBeTruthy();
    expect(visit).toBeTruthy();

    const again = setCookies((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${PTID_COOKIE}=${ptid}; ${VISIT_COOKIE}=${visit}` } })).headers['set-cookie']);
    expect(again).toEqual([`visit_id=${visit}; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax`]);

    const malformed = setCookies((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${PTID_COOKIE}=bad%20id; ${VISIT_COOKIE}=${visit}` } })).headers['set-cookie']);
    expect(malformed).toHaveLength(2);
    expect(malformed[0]).not.toContain('bad');
  });

  it('keeps both alongside a cookie another hook sets (an unknown session cleared)', async () => {
    const lines = setCookies((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'jw_session=unknown-session' } })).headers['set-cookie']);
    expect(lines.map((line) => line.split('=')[0]).sort()).toEqual(['jw_session', 'ptid', 'visit_id']);
  });
});
