import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_ERROR_MESSAGES } from '../../src/shared/registration/statuses';
import { countRows, register, validateCode } from '../support/registration-helpers';
import { codeFrom, startSmtp, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, type TestApp } from '../support/test-app';

let smtp: TestSmtpServer;
let t: TestApp;
beforeEach(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_TIMEOUT_MS: '2000', MAIL_FROM: 'Jobwise <codes@jobwise.test>' });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('sends the code as a text and an HTML part that a person can read, and stores nothing in the mailbox', async () => {
    const response = await register(t.app, 'smtp@example.com');
    expect(response.json().status).toBe('SUCCESS');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    const code = codeFrom(mail);
    expect(mail.subject).toBe(`Your Jobwise code: ${code}`);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Jobwise', address: 'codes@jobwise.test' });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('smtp@example.com');
    expect(mail.text).toContain(`Your Jobwise code is ${code}`);
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain(`<strong>${code}</strong>`);
    expect(await countRows(t.app, 'dev_mailbox')).toBe(0);
    expect((await validateCode(t.app, 'smtp@example.com', code)).json().status).toBe('SUCCESS');
  });

  it('answers SEND_OPT_EMAIL_ERROR when the server refuses, leaving no code and no spent hourly allowance', async () => {
    smtp.state.behaviour = 'reject';
    const response = await register(t.app, 'refused@example.com');
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({ status: 'SEND_OPT_EMAIL_ERROR', error_message: REGISTRATION_ERROR_MESSAGES.SEND_OPT_EMAIL_ERROR });
    expect(await countRows(t.app, 'one_time_codes')).toBe(0);
    expect(await countRows(t.app, 'accounts')).toBe(0);
    const counters = await t.app.db.selectFrom('rate_limit_counters').select(['key', 'count']).where('key', 'like', 'codes-per-email:%').execute();
    expect(counters.every((row) => row.count === 0)).toBe(true);
    // The person can try again at once: the failed send did not start the 60 s wait.
    smtp.state.behaviour = 'accept';
    expect((await register(t.app, 'refused@example.com')).json().status).toBe('SUCCESS');
  });

  it('answers SEND_OPT_EMAIL_ERROR when sending takes longer than MAIL_SEND_TIMEOUT_MS, and the earlier code still works', async () => {
    await register(t.app, 'slow@example.com');
    const earlier = codeFrom(smtp.received[0]!);
    const before = await t.app.db.selectFrom('one_time_codes').selectAll().executeTakeFirstOrThrow();
    t.clock.advance(61_000);
    smtp.state.behaviour = 'hang';
    const started = Date.now();
    const response = await register(t.app, 'slow@example.com');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(response.json().status).toBe('SEND_OPT_EMAIL_ERROR');
    expect(await t.app.db.selectFrom('one_time_codes').selectAll().executeTakeFirstOrThrow()).toEqual(before);
    expect((await validateCode(t.app, 'slow@example.com', earlier)).json().status).toBe('SUCCESS');
  });
});
