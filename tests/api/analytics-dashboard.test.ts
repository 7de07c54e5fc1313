import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateJobSeeker } from '../../src/server/features/accounts/account-repository';
import { grantAdmin } from '../../src/server/features/analytics/admin-grant';
import { funnelCsv } from '../../src/server/features/analytics/funnel-csv';
import { createSession } from '../../src/server/features/sessions/session-repository';
import { SESSION_COOKIE } from '../../src/server/features/sessions/sessions.plugin';
import { funnelReport } from '../../src/server/features/analytics/funnel.repository';
import { parseRange } from '../../src/server/features/analytics/dashboard.routes';
import { InputValidationError } from '../../src/server/plugins/errors';
import { batch, component, registrationObservation } from '../support/observations';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;

type Step = [action: string, form: string] | ['REG', status: string];

/** One visit's observations, sent through the real route on the clock's current day. */
async function visit(visitId: string, source: string, componentId: string, steps: Step[]) {
  const messages = steps.map(([first, second]) =>
    first === 'REG'
      ? { type_url: 'RegistrationObservation', payload: registrationObservation({ meta_data: { visit_id: visitId }, source, component_id: componentId, response_status: second }) }
      : component({ meta_data: { visit_id: visitId }, source, component_id: componentId, action: first, base_form_type: second }),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/observations/observe',
    headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify(batch(messages)),
  });
  expect(response.statusCode).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.time = Date.UTC(2026, 10, 10, 9);
  await visit('E', 'landing', 'c1', [['DISPLAY', 'REGISTRATION']]); // outside the range
  t.clock.time = Date.UTC(2026, 10, 20, 10);
  await visit('A', 'landing', 'c1', [
    ['DISPLAY', 'REGISTRATION'],
    ['SUBMIT', 'REGISTRATION'],
    ['REG', 'SUCCESS'],
    ['DISPLAY', 'OTP'],
    ['OTP_VALIDATION_SUCCESS', 'OTP'],
    ['DISPLAY', 'CANDIDATE_SPOTLIGHT'],
    ['CONTINUE', 'CANDIDATE_SPOTLIGHT'],
    ['DISPLAY', 'SMS'],
  ]);
  await visit('A', 'landing', 'c1', [['DISPLAY', 'REGISTRATION']]); // shown again: still one visit
  await visit('B', 'landing', 'c1', [
    ['DISPLAY', 'REGISTRATION'],
    ['SUBMIT', 'REGISTRATION'],
    ['OTP_SEND_SUCCESS', 'REGISTRATION'],
    ['REG', 'SEND_OPT_EMAIL_SUCCESS'],
  ]);
  // The landing page's own components (decision 0055): stored, but no step of the registration funnel.
  await visit('F', 'landing', 'onboarding_form', [['DISPLAY', 'REGISTRATION']]);
  await visit('F', 'landing', 'get_started_cta', [['CLICK', 'REGISTRATION'], ['SUBMIT', 'REGISTRATION']]);
  await visit('C', 'serp', 'c2', [['DISPLAY', 'REGISTRATION'], ['REG', 'EXISTING_EMAIL_ERROR']]);
  t.clock.time = Date.UTC(2026, 10, 21, 23, 59);
  await visit('D', 'serp', 'c2', [
    ['DISPLAY', 'REGISTRATION'],
    ['SUBMIT', 'REGISTRATION'],
    ['REG', 'SUCCESS'],
    ['OTP_VALIDATION_SUCCESS', 'OTP'],
    ['DISPLAY', 'RESUBSCRIBE'],
    ['EMAIL_RESUBSCRIPTION_SUCCESS', 'RESUBSCRIBE'],
    ['DISPLAY', 'SMS'],
    ['SMS_OPT_IN_SUCCESS', 'SMS'],
  ]);
});
afterAll(async () => t.close());

const zeros = {
  modal_displayed: 0,
  email_submitted: 0,
  code_sent: 0,
  code_validated: 0,
  resubscribe_shown: 0,
  resubscribe_accepted: 0,
  spotlight_shown: 0,
  spotlight_accepted: 0,
  sms_shown: 0,
  sms_accepted: 0,
};
const landing = { ...zeros, modal_displayed: 2, email_submitted: 2, code_sent: 2, code_validated: 1, spotlight_shown: 1, spotlight_accepted: 1, sms_shown: 1 };
const serp = { ...zeros, modal_displayed: 2, email_submitted: 1, code_sent: 1, code_validated: 1, resubscribe_shown: 1, resubscribe_accepted: 1, sms_shown: 1, sms_accepted: 1 };

describe('the sign-up funnel', () => {
  it('counts distinct visits at each step over the chosen days', async () => {
    const report = await funnelReport(t.app.db, { from: '2026-11-20', to: '2026-11-21' });
    expect(report.total).toEqual({
      modal_displayed: 4,
      email_submitted: 3,
      code_sent: 3,
      code_validated: 2,
      resubscribe_shown: 1,
      resubscribe_accepted: 1,
      spotlight_shown: 1,
      spotlight_accepted: 1,
      sms_shown: 2,
      sms_accepted: 1,
    });
  });

  it('splits by source and by component, largest first', async () => {
    const report = await funnelReport(t.app.db, { from: '2026-11-20', to: '2026-11-21' });
    expect(report.bySource).toEqual([
      { segment: 'landing', counts: landing },
      { segment: 'serp', counts: serp },
    ]);
    expect(report.byComponent).toEqual([
      { segment: 'c1', counts: landing },
      { segment: 'c2', counts: serp },
    ]);
  });

  it('gives every day of the range, zeros included', async () => {
    const report = await funnelReport(t.app.db, { from: '2026-11-19', to: '2026-11-21' });
    expect(report.daily.map((day) => day.segment)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(report.daily[0]!.counts).toEqual(zeros);
    expect(report.daily[1]!.counts).toMatchObject({ modal_displayed: 3, email_submitted: 2, code_sent: 2, code_validated: 1, spotlight_accepted: 1 });
    expect(report.daily[2]!.counts).toEqual({ ...serp, modal_displayed: 1 });
    const tenth = await funnelReport(t.app.db, { from: '2026-11-10', to: '2026-11-10' });
    expect(tenth.total.modal_displayed).toBe(1);
  });

  it('exports the same numbers and rates as CSV', async () => {
    const report = await funnelReport(t.app.db, { from: '2026-11-20', to: '2026-11-21' });
    // Every cell quoted by the shared writer (src/server/shared/csv.ts).
    const lines = funnelCsv(report).trimEnd().split('\r\n').map((line) => line.replace(/"/g, ''));
    expect(lines[0]).toBe(
      'breakdown,segment,modal_displayed,email_submitted,code_sent,code_validated,resubscribe_shown,resubscribe_accepted,spotlight_shown,spotlight_accepted,sms_shown,sms_accepted',
    );
    expect(lines[1]).toBe('total,2026-11-20..2026-11-21,4,3,3,2,1,1,1,1,2,1');
    expect(lines[2]).toBe('rate_of_previous_step,all,,0.7500,1.0000,0.6667,0.5000,1.0000,0.5000,1.0000,1.0000,0.5000');
    expect(lines[3]).toBe('rate_of_modal_displayed,all,1.0000,0.7500,0.7500,0.5000,0.2500,0.2500,0.2500,0.2500,0.5000,0.2500');
    expect(lines).toContain('source,landing,2,2,2,1,0,0,1,1,1,0');
    expect(lines).toContain('component,c2,2,1,1,1,1,1,0,0,1,1');
    expect(lines).toContain('day,2026-11-21,1,1,1,1,1,1,0,0,1,1');
  });

  it('keeps segments from being read as spreadsheet formulas', () => {
    const report = { from: 'a', to: 'b', total: zeros, bySource: [], byComponent: [{ segment: '=HYPERLINK("x")', counts: zeros }], daily: [] };
    expect(funnelCsv(report)).toContain(`"component","'=HYPERLINK(""x"")","0"`);
  });

  it('neutralises a formula after a separator a spreadsheet may guess, not only at the start (issue 14)', () => {
    const report = { from: 'a', to: 'b', total: zeros, bySource: [{ segment: 'landing;=cmd|-2', counts: zeros }], byComponent: [], daily: [] };
    expect(funnelCsv(report)).toContain(`"source","landing;'=cmd|'-2","0"`);
  });
});

describe('the date range', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  it('defaults to the last 14 days and takes from/to', () => {
    expect(parseRange({}, now)).toEqual({ from: '2026-11-08', to: '2026-11-21' });
    expect(parseRange({ from: '2026-01-01', to: '2026-01-31' }, now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
  it('refuses bad dates, reversed ranges and ranges over 366 days', () => {
    expect(() => parseRange({ from: '2026-02-30' }, now)).toThrow(InputValidationError);
    expect(() => parseRange({ from: 'yesterday' }, now)).toThrow(InputValidationError);
    expect(() => parseRange({ from: '2026-11-22', to: '2026-11-21' }, now)).toThrow(/from: must not be after to/);
    expect(() => parseRange({ from: '2024-01-01', to: '2026-01-01' }, now)).toThrow(/at most 366 days/);
  });
});

describe('access', () => {
  it('shows visitors the ordinary 404, for the page and the CSV', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/analytics', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found');
    expect(page.body).not.toContain('Sign-up funnel');
    const csv = await t.app.inject({ method: 'GET', url: '/admin/analytics.csv' });
    expect(csv.statusCode).toBe(404);
  });

  async function signedIn(email: string) {
    const { account } = await findOrCreateJobSeeker(t.app.db, { email, countryCode: 'US', emailAlertsOptIn: true, now: t.clock.now() });
    const session = await createSession(t.app.db, account.id, t.clock.now(), 86_400_000);
    return `${SESSION_COOKIE}=${session.id}`;
  }

  it('shows a signed-in job seeker the 404 too', async () => {
    const cookie = await signedIn('seeker@example.com');
    const page = await t.app.inject({ method: 'GET', url: '/admin/analytics', headers: { accept: 'text/html', cookie } });
    expect(page.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/admin/analytics.csv', headers: { cookie } })).statusCode).toBe(404);
  });

  it('shows an admin the funnel page and the CSV with the stored figures', async () => {
    const cookie = await signedIn('Boss@Example.com');
    expect(await grantAdmin(t.app.db, '  boss@example.COM ')).toBe(true);
    expect(await grantAdmin(t.app.db, 'nobody@example.com')).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: '/admin/analytics?from=2026-11-20&to=2026-11-21', headers: { accept: 'text/html', cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<h1>Sign-up funnel</h1>');
    expect(page.body).toContain('"total":{"modal_displayed":4,"email_submitted":3,"code_sent":3,"code_validated":2');
    expect(page.body).toContain('href="/admin/analytics.csv?from=2026-11-20&amp;to=2026-11-21"');
    expect(page.body).toMatch(/<th scope="row">Code validated<\/th><td>2<\/td><td>66.7%<\/td><td>50.0%<\/td>/);

    const csv = await t.app.inject({ method: 'GET', url: '/admin/analytics.csv?from=2026-11-20&to=2026-11-21', headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=signup-funnel-2026-11-20-to-2026-11-21.csv');
    expect(csv.body.split('\r\n')[1]?.replace(/"/g, '')).toBe('total,2026-11-20..2026-11-21,4,3,3,2,1,1,1,1,2,1');

    const bad = await t.app.inject({ method: 'GET', url: '/admin/analytics.csv?from=2026-11-22&to=2026-11-21', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContain('from: must not be after to');
  });
});
