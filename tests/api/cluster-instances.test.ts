import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CookieJar, getJson, latestCode, register, validateCode } from '../support/registration-helpers';
import { getPage, pdfBytes, upload } from '../support/seeker-helpers';
import { createTestApp, startOfNextHour, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../support/test-database';

/**
 * Two instances of the app on one database (and one Redis when TEST_REDIS_URL is set), as behind a
 * load balancer (issue 17): whatever one instance does, the other sees. The fault scripts in
 * scripts/cluster-faults/ do the same with real processes behind haproxy.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const env = { STORAGE_DRIVER: 'database', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };

let shared: SharedTestDatabase;
let a: TestApp;
let b: TestApp;
beforeEach(async () => {
  shared = await createSharedTestDatabase();
  a = await createTestApp(env, { database: shared.connect() });
  b = await createTestApp(env, { database: shared.connect() });
  // Both instances read the same clock, in a rate-limit window no earlier run used.
  const now = Date.now();
  a.clock.time = now;
  b.clock.time = now;
});
afterEach(async () => {
  await a.close();
  await b.close();
  await shared.close();
});

const advanceBoth = (ms: number) => {
  a.clock.advance(ms);
  b.clock.advance(ms);
};
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

describe('two instances on one database', () => {
  it('signs in with a code asked on one instance and entered on the other, and the session works on both', async () => {
    const email = uniqueEmail('across');
    const jar = new CookieJar();
    expect((await register(a.app, email, { jar })).json().status).toBe('SUCCESS');
    const code = await latestCode(b.app, email);
    const done = await validateCode(b.app, email, code, jar);
    expect(done.json().status).toBe('SUCCESS');
    expect(jar.get('jw_session')).toBeTruthy();
    for (const instance of [a, b]) {
      const page = await getPage(instance.app, '/candidate/resume', jar);
      expect(page.statusCode).toBe(200);
    }
    // The code was used on B: A refuses it too.
    expect((await validateCode(a.app, email, code, new CookieJar())).json().status).not.toBe('SUCCESS');
  });

  it('holds the 60 s resend wait across instances', async () => {
    const email = uniqueEmail('resend');
    expect((await register(a.app, email)).statusCode).toBe(200);
    advanceBoth(30_000);
    const early = await register(b.app, email);
    expect(early.statusCode).toBe(429);
    expect(early.json().status).toBe('RATE_LIMITING_THROTTLED');
    expect(Number(early.headers['retry-after'])).toBe(30);
    advanceBoth(31_000);
    expect((await register(b.app, email)).statusCode).toBe(200);
  });

  it('counts the codes per email once across instances', async () => {
    const email = uniqueEmail('per-email');
    // The codes-per-email limit counts in fixed hourly windows: the five minutes this test moves the
    // clock must not cross into the next one.
    a.clock.time = b.clock.time = startOfNextHour();
    for (let i = 0; i < 5; i += 1) {
      expect((await register(i % 2 === 0 ? a.app : b.app, email)).json().status).toBe('SUCCESS');
      advanceBoth(61_000);
    }
    const sixth = await register(b.app, email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().status).toBe('RATE_LIMITING_ERROR');
  });

  it('counts a client address once across instances', async () => {
    await a.close();
    await b.close();
    a = await createTestApp({ ...env, RATE_LIMIT_CLIENT_MAX: '3' }, { database: shared.connect() });
    b = await createTestApp({ ...env, RATE_LIMIT_CLIENT_MAX: '3' }, { database: shared.connect() });
    const now = Date.now();
    a.clock.time = now;
    b.clock.time = now;
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const send = (instance: TestApp) =>
      instance.app.inject({
        method: 'POST',
        url: '/jobseeker/register',
        remoteAddress: address,
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload: JSON.stringify({ form_data: { email: uniqueEmail('client') } }),
      });
    const answers = [await send(a), await send(b), await send(a), await send(b)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json().status).toBe('RATE_LIMITING_THROTTLED');
  });

  it('serves a résumé uploaded through one instance from the other', async () => {
    const email = uniqueEmail('upload');
    const jar = new CookieJar();
    await register(a.app, email, { jar });
    await validateCode(a.app, email, await latestCode(a.app, email), jar);
    const bytes = pdfBytes(600_000);
    expect((await upload(a.app, jar, 'cv.pdf', 'application/pdf', bytes)).json()).toEqual({ status: 'UPLOADED' });
    const fromB = await getPage(b.app, '/candidate/resume/file', jar);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(bytes)).toBe(true);
    const range = await b.app.inject({ method: 'GET', url: '/candidate/resume/file', headers: { cookie: jar.header(), range: 'bytes=-100' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
  });

  it('runs each scheduled job once per period, whichever instances tick', async () => {
    // On PostgreSQL the search ranges' builder too (decision 0205).
    const JOBS = ['alert-digest', 'applicant-mail', 'application-follow-up', 'event-log-purge', 'interview-reminders', 'message-mail', 'observation-purge', 'plan-trials', 'scheduled-publish', 'storage-leftovers', ...(a.app.dialect === 'postgres' ? ['search-ranges'] : [])].sort();
    expect([...a.app.scheduler.jobs.keys()].sort()).toEqual(JOBS);
    // On PostgreSQL both instances tick at once. On SQLite two instances share a file only here, in one
    // process, where a statement waiting for the other's write lock holds the very event loop the other
    // needs to commit (the queue's runs write in transactions): there they take turns, as the claims
    // decide either way. SQLite in production is one instance (decision 0142).
    const both = async (first: TestApp, second: TestApp) =>
      a.app.dialect === 'postgres' ? Promise.all([first.app.scheduler.runDue(), second.app.scheduler.runDue()]) : [await first.app.scheduler.runDue(), await second.app.scheduler.runDue()];
    const first = await both(a, b);
    for (const name of JOBS) {
      expect(first.map((outcomes) => outcomes[name]).sort()).toEqual(['not-due', 'ran']);
    }
    const again = await both(b, a);
    expect(again.flatMap((outcomes) => Object.values(outcomes))).toEqual(Array(2 * JOBS.length).fill('not-due'));
    advanceBoth(60 * 60_000);
    const next = await both(b, a);
    expect(next.flatMap((outcomes) => Object.values(outcomes)).filter((outcome) => outcome === 'ran')).toHaveLength(JOBS.length);
    const rows = await a.app.db.selectFrom('scheduled_jobs').select(['name', 'last_status']).orderBy('name').execute();
    expect(rows).toEqual(JOBS.map((name) => ({ name, last_status: 'ok' })));
  });

  it('reads the development mailbox of either instance the same', async () => {
    const email = uniqueEmail('mailbox');
    await register(b.app, email);
    const [fromA, fromB] = await Promise.all([getJson(a.app, `/dev/mailbox.json?to=${encodeURIComponent(email)}`), getJson(b.app, `/dev/mailbox.json?to=${encodeURIComponent(email)}`)]);
    expect(fromA.json()).toEqual(fromB.json());
    expect(fromA.json()).toHaveLength(1);
  });
});
