import { afterEach, describe, expect, it } from 'vitest';
import { listUnsubscribeToken, isUnsubscribed, UnsubscribeListKeyChangedError } from '../../src/server/features/mail/list-unsubscribe';
import { loadConfig } from '../../src/server/config';
import { PRIVACY_PATHS } from '../../src/shared/privacy/constants';
import { CookieJar, latestCode, register, validateCode } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, type SharedTestDatabase } from '../support/test-database';

// Issue 47, decision 0276: a secret for each purpose, derived from SESSION_SECRET unless set on its own;
// a rotated secret's previous value is accepted until its time is up, and never after; the unsubscribe
// list is keyed by a key that does not rotate, so rotating re-subscribes nobody.
const OLD = 'old-master-secret-old-master-secret-0123';
const NEW = 'new-master-secret-new-master-secret-4567';
const HOUR = 3_600_000;

let shared: SharedTestDatabase | undefined;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  await shared?.close();
  shared = undefined;
});

/** An instance on the shared database, its clock at `time`. */
async function instance(env: Record<string, string>, time: number): Promise<TestApp> {
  shared ??= await createSharedTestDatabase();
  const t = await createTestApp(env, { database: shared.connect() });
  t.clock.time = time;
  apps.push(t);
  return t;
}

const unsubscribeByLink = (t: TestApp, token: string) => t.app.inject({ method: 'POST', url: `/user/unsubscribe/${token}`, headers: { 'sec-fetch-site': 'cross-site' } });

describe('rotating SESSION_SECRET', () => {
  it('accepts unsubscribe links made under the previous secret until SESSION_SECRET_PREVIOUS_UNTIL, and not after', async () => {
    const before = await instance({ SESSION_SECRET: OLD }, Date.UTC(2027, 0, 1));
    const keys = { linkKey: before.config.secrets.unsubscribeLinks.current, listKey: before.config.UNSUBSCRIBE_LIST_KEY };
    const interview = listUnsubscribeToken(keys, 'sam@example.com', 'interview');
    const rejection = listUnsubscribeToken(keys, 'sam@example.com', 'rejection');
    // Signed with the master itself, as every link was before secrets per purpose.
    const legacy = listUnsubscribeToken({ linkKey: OLD, listKey: OLD }, 'sam@example.com', 'new-applications');

    const after = await instance(
      { SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD, SESSION_SECRET_PREVIOUS_UNTIL: '2027-01-02T00:00:00Z', UNSUBSCRIBE_LIST_KEY: OLD },
      Date.UTC(2027, 0, 1, 12),
    );
    expect(after.config.secrets.unsubscribeLinks.current).not.toBe(keys.linkKey);
    expect((await unsubscribeByLink(after, interview)).statusCode).toBe(200);
    expect((await unsubscribeByLink(after, legacy)).statusCode).toBe(200);
    after.clock.time = Date.UTC(2027, 0, 2);
    expect((await unsubscribeByLink(after, rejection)).statusCode).toBe(400);
    // The new secret's own links work whatever the time.
    const fresh = listUnsubscribeToken({ linkKey: after.config.secrets.unsubscribeLinks.current, listKey: after.config.UNSUBSCRIBE_LIST_KEY }, 'sam@example.com', 'rejection');
    expect((await unsubscribeByLink(after, fresh)).statusCode).toBe(200);
    expect(await isUnsubscribed(after.app.db, after.config.UNSUBSCRIBE_LIST_KEY, 'sam@example.com', 'interview')).toBe(true);
  });

  it('accepts a sign-in code mailed under the previous secret until its time is up, and not after', async () => {
    const start = Date.UTC(2027, 0, 1);
    const before = await instance({ SESSION_SECRET: OLD }, start);
    expect((await register(before.app, 'early@example.com')).json().status).toBe('SUCCESS');
    expect((await register(before.app, 'late@example.com')).json().status).toBe('SUCCESS');
    const early = await latestCode(before.app, 'early@example.com');
    const late = await latestCode(before.app, 'late@example.com');

    const after = await instance({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD, SESSION_SECRET_PREVIOUS_UNTIL: new Date(start + 5 * 60_000).toISOString() }, start + 60_000);
    expect((await validateCode(after.app, 'early@example.com', early)).json().status).toBe('SUCCESS');
    // Six minutes on, the code itself has four minutes left, but the secret it was made under is retired.
    after.clock.time = start + 6 * 60_000;
    expect((await validateCode(after.app, 'late@example.com', late)).json().status).toBe('OTP_INVALID_ERROR');
  });

  it('signs nobody out: a session is a random id stored hashed, and no secret is involved', async () => {
    const start = Date.UTC(2027, 0, 1);
    const before = await instance({ SESSION_SECRET: OLD }, start);
    const jar = new CookieJar();
    await register(before.app, 'kept@example.com', { jar });
    expect((await validateCode(before.app, 'kept@example.com', await latestCode(before.app, 'kept@example.com'), jar)).json().status).toBe('SUCCESS');
    const after = await instance({ SESSION_SECRET: NEW, UNSUBSCRIBE_LIST_KEY: OLD }, start + 30 * 24 * HOUR - HOUR);
    // A page only a signed-in seeker gets; a visitor is sent to sign in.
    expect((await after.app.inject({ method: 'GET', url: PRIVACY_PATHS.erase, headers: { cookie: jar.header() } })).statusCode).toBe(200);
    expect((await after.app.inject({ method: 'GET', url: PRIVACY_PATHS.erase })).statusCode).not.toBe(200);
  });
});

describe('a purpose set on its own', () => {
  it('rotates alone: its previous value is accepted until its own time, and the other purposes are untouched', async () => {
    const A = 'invitations-secret-a-invitations-secret-a';
    const B = 'invitations-secret-b-invitations-secret-b';
    const t = await instance({ SESSION_SECRET: OLD, INVITATIONS_SECRET: B, INVITATIONS_SECRET_PREVIOUS: A, INVITATIONS_SECRET_PREVIOUS_UNTIL: '2027-02-01' }, Date.UTC(2027, 0, 31));
    const { invitations, unsubscribeLinks } = t.config.secrets;
    expect(invitations.current).toBe(B);
    expect(invitations.accepted(Date.UTC(2027, 0, 31))).toEqual([B, A]);
    expect(invitations.accepted(Date.UTC(2027, 1, 1))).toEqual([B]);
    // Derived from the master (HKDF), and accepting the master itself for what was made before.
    expect(unsubscribeLinks.accepted(Date.UTC(2027, 0, 31))).toEqual([unsubscribeLinks.current, OLD]);
    expect(unsubscribeLinks.current).not.toBe(OLD);
  });
});

describe('the configuration', () => {
  it('takes a previous secret only with the time it stops being accepted, and the other way round', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: NEW, DATA_DIR: '/tmp' };
    expect(() => loadConfig({ ...base, SESSION_SECRET_PREVIOUS: OLD })).toThrow(/SESSION_SECRET_PREVIOUS_UNTIL is required/);
    expect(() => loadConfig({ ...base, UNSUBSCRIBE_SECRET_PREVIOUS_UNTIL: '2027-01-01' })).toThrow(/UNSUBSCRIBE_SECRET_PREVIOUS is required/);
    expect(() => loadConfig({ ...base, REFERENCES_SECRET_PREVIOUS: OLD, REFERENCES_SECRET_PREVIOUS_UNTIL: '2027-01-01' })).toThrow(/REFERENCES_SECRET is required/);
    expect(() => loadConfig({ ...base, SESSION_SECRET_PREVIOUS: OLD, SESSION_SECRET_PREVIOUS_UNTIL: 'next week' })).toThrow(/ISO 8601/);
    expect(loadConfig({ ...base, SESSION_SECRET_PREVIOUS: OLD, SESSION_SECRET_PREVIOUS_UNTIL: '2027-01-01T00:00:00Z' }).SESSION_SECRET_PREVIOUS_UNTIL).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('the unsubscribe list', () => {
  it('stays whole across a rotation: its key does not rotate, so nobody is re-subscribed', async () => {
    const before = await instance({ SESSION_SECRET: OLD }, Date.UTC(2027, 0, 1));
    const token = listUnsubscribeToken({ linkKey: before.config.secrets.unsubscribeLinks.current, listKey: before.config.UNSUBSCRIBE_LIST_KEY }, 'optout@example.com', 'messages');
    expect((await unsubscribeByLink(before, token)).statusCode).toBe(200);

    const after = await instance({ SESSION_SECRET: NEW, UNSUBSCRIBE_LIST_KEY: OLD }, Date.UTC(2027, 6, 1));
    expect(await isUnsubscribed(after.app.db, after.config.UNSUBSCRIBE_LIST_KEY, 'optout@example.com', 'messages')).toBe(true);
    // The mailer skips them: nothing reaches the mailbox.
    await after.app.mailer.send({ to: 'optout@example.com', subject: 'New jobs', text: 'x', html: '<p>x</p>', kind: 'messages' });
    expect(await after.app.db.selectFrom('dev_mailbox').select('id').where('to_address', '=', 'optout@example.com').execute()).toHaveLength(0);
  });

  it('refuses to start under a changed list key while anyone is on the list', async () => {
    const before = await instance({ SESSION_SECRET: OLD }, Date.UTC(2027, 0, 1));
    const token = listUnsubscribeToken({ linkKey: before.config.secrets.unsubscribeLinks.current, listKey: before.config.UNSUBSCRIBE_LIST_KEY }, 'optout@example.com', 'messages');
    expect((await unsubscribeByLink(before, token)).statusCode).toBe(200);
    shared ??= await createSharedTestDatabase();
    await expect(createTestApp({ SESSION_SECRET: NEW }, { database: shared.connect() })).rejects.toBeInstanceOf(UnsubscribeListKeyChangedError);
  });

  it('takes a new key while the list is empty: there is nobody to re-subscribe', async () => {
    await instance({ SESSION_SECRET: OLD }, Date.UTC(2027, 0, 1));
    const after = await instance({ SESSION_SECRET: NEW }, Date.UTC(2027, 0, 2));
    expect(after.config.UNSUBSCRIBE_LIST_KEY).toBe(NEW);
  });
});
