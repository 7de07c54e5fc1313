import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_REPORT_PATH } from '../../src/server/features/error-reports/error-reports.routes';
import { loadConfig } from '../../src/server/config';
import { latestCode, mailbox, postJson, register, validateCode, wrongCode } from '../support/registration-helpers';
import { postForm } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 14, finding 2: the development mailbox shows codes only to the person at the machine, and no
// code is ever written in plain text where anyone else could read it. Decision 0081.
let t: TestApp;
afterEach(async () => t?.close());

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('who may read the development mailbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('a loopback client (%s) reads both pages', async (peer) => {
    t = await createTestApp();
    await register(t.app, 'me@example.com');
    expect((await get('/dev/mailbox.json', peer)).statusCode).toBe(200);
    expect((await get('/dev/mailbox', peer, { accept: 'text/html' })).statusCode).toBe(200);
  });

  it.each([
    ['another machine', '203.0.113.9', {}],
    ['another machine claiming loopback in X-Forwarded-For', '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
    ['a trusted proxy forwarding a loopback address', '10.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
    ['a private-network neighbour', '192.168.1.20', {}],
    ['an IPv6 neighbour', 'fe80::1', {}],
  ])('%s gets 404', async (_label, peer, headers) => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    await register(t.app, 'victim@example.com');
    for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/mailbox.json?to=victim%40example.com']) {
      const response = await get(url, peer, headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/\d{6}/);
    }
  });

  it('is not served under the public host name, only under a loopback name', async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://jobwise.test:3000' });
    expect((await get('/dev/mailbox.json', '127.0.0.1', { host: 'jobwise.test:3000' })).statusCode).toBe(404);
    expect((await get('/dev/mailbox.json', '127.0.0.1', { host: 'localhost:3000' })).statusCode).toBe(200);
  });

  it('does not exist when SMTP is configured', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await get('/dev/mailbox.json', '127.0.0.1')).statusCode).toBe(404);
    expect((await get('/dev/mailbox', '127.0.0.1', { accept: 'text/html' })).statusCode).toBe(404);
  });

  it('does not exist in production, which refuses to start without SMTP_URL and says why', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/tmp' };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL is required when NODE_ENV=production: .*development mailbox/);
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await get('/dev/mailbox.json', '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('no code in plain text where others can read it', () => {
  it('keeps the mailbox sealed as stored; only the mailbox page opens it', async () => {
    t = await createTestApp();
    await register(t.app, 'sealed@example.com');
    const code = await latestCode(t.app, 'sealed@example.com');
    const [shown] = await mailbox(t.app, 'sealed@example.com');
    expect(shown!.subject).toBe(`Your Jobwise code: ${code}`);
    const rows = await t.app.db.selectFrom('dev_mailbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to_address).toBe('sealed@example.com');
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('shows a message sealed with another secret as unreadable, not as an error', async () => {
    t = await createTestApp();
    await register(t.app, 'old@example.com');
    const first = await t.app.db.selectFrom('dev_mailbox').select('id').executeTakeFirstOrThrow();
    await t.app.db.updateTable('dev_mailbox').set({ text: 'plain text from before sealing 123456' }).where('id', '=', first.id).execute();
    const [message] = await mailbox(t.app, 'old@example.com');
    expect(message!.text).not.toContain('123456');
    expect(message!.text).toMatch(/cannot be opened/);
  });

  it('writes no code to the log, at any level, through a whole sign-in', async () => {
    const log = new PassThrough();
    let written = '';
    log.on('data', (chunk: Buffer) => (written += chunk.toString()));
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: log });
    await register(t.app, 'logged@example.com');
    const code = await latestCode(t.app, 'logged@example.com');
    await validateCode(t.app, 'logged@example.com', wrongCode(code));
    await postJson(t.app, '/jobseeker/register/otp_validation', { email: 'logged@example.com', one_time_password: `${code}x`, meta_data: {} });
    await postForm(t.app, '/authn/login/code', { email: 'logged@example.com', code: `${code}`, kind: 'login' }, { xhr: false });
    await t.app.inject({ method: 'GET', url: `/authn/login?code=${code}&next=/x${code}` });
    expect(written).toContain('incoming request');
    expect(written).not.toContain(code);
  });

  it('masks a code a person pastes into an error report', async () => {
    t = await createTestApp();
    await register(t.app, 'report@example.com');
    const code = await latestCode(t.app, 'report@example.com');
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const response = await postJson(t.app, ERROR_REPORT_PATH, {
      description: `My code ${code} did not work, nor ${spaced}. Order 1234567 and ZIP 60601 are fine.`,
      error_message: `code ${code} refused`,
      path: `/authn/login?code=${code}`,
    });
    expect(response.statusCode).toBe(201);
    const row = await t.app.db.selectFrom('error_reports').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(spaced);
    expect(row.description).toBe('My code [code hidden] did not work, nor [code hidden]. Order 1234567 and ZIP 60601 are fine.');
  });
});
