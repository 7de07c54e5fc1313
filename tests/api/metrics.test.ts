import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../support/registration-helpers';
import { startSmtp, type TestSmtpServer } from '../support/smtp-server';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 47, decision 0275: GET /metrics in Prometheus' text format, for a scraper on this machine or
// one that shows METRICS_TOKEN; each app instance counts its own requests.
const apps: TestApp[] = [];
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await smtp?.close();
  smtp = undefined;
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

const TOKEN = 'metrics-token-metrics-token-0123456789';
const OUTSIDE = '203.0.113.9';

async function scrape(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '127.0.0.1:3000' } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /metrics', () => {
  it('answers a scraper on this machine, and nobody else without the token', async () => {
    const t = await app();
    const local = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '127.0.0.1:3000' } });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE })).statusCode).toBe(404);
    // A proxy on this machine passes on the public's requests from loopback: a forwarded one is not local.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '127.0.0.1:3000', 'x-forwarded-for': OUTSIDE } })).statusCode).toBe(404);
    // A page whose name was pointed at 127.0.0.1 asks under its own name.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'rebound.example' } })).statusCode).toBe(404);
    // Without a configured token, a bearer token opens nothing.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('answers anyone who shows the configured token, and refuses a wrong one', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const allowed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { host: 'metrics.internal', authorization: `Bearer ${TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE jobwise_http_requests_total counter');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE })).statusCode).toBe(404);
  });

  it("counts and times each request under its route's pattern, not its address", async () => {
    const t = await app();
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/sitemaps/no-such-file.xml' });
    await t.app.inject({ method: 'GET', url: '/sitemaps/another-missing.xml' });
    const body = await scrape(t);
    expect(body).toMatch(/^jobwise_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d+$/m);
    expect(body).toMatch(/^jobwise_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1$/m);
    expect(body).toMatch(/^jobwise_http_requests_total\{method="GET",route="\/sitemaps\/:file",status="\d+"\} 2$/m);
    expect(body).not.toContain('no-such-file');
  });

  it('keeps each instance its own: two apps in one process count apart', async () => {
    const first = await app();
    const second = await app();
    await first.app.inject({ method: 'GET', url: '/healthz' });
    await first.app.inject({ method: 'GET', url: '/healthz' });
    await second.app.inject({ method: 'GET', url: '/healthz' });
    expect(await scrape(first)).toMatch(/^jobwise_http_requests_total\{method="GET",route="\/healthz",status="200"\} 2$/m);
    expect(await scrape(second)).toMatch(/^jobwise_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1$/m);
  });

  it('counts emails sent and failed, and shows open live streams and (on PostgreSQL) the pool', async () => {
    smtp = await startSmtp();
    const t = await app({ SMTP_URL: smtp.url, MAIL_SEND_TIMEOUT_MS: '2000' });
    expect((await register(t.app, 'counted@example.com')).json().status).toBe('SUCCESS');
    smtp.state.behaviour = 'reject';
    expect((await register(t.app, 'refused@example.com')).statusCode).toBe(424);
    const body = await scrape(t);
    expect(body).toMatch(/^jobwise_emails_total\{kind="transactional",outcome="sent"\} 1$/m);
    expect(body).toMatch(/^jobwise_emails_total\{kind="transactional",outcome="failed"\} 1$/m);
    expect(body).toMatch(/^jobwise_message_streams_open 0$/m);
    if (t.app.dialect === 'postgres') {
      expect(body).toMatch(/^jobwise_db_pool_connections \d+$/m);
      expect(body).toMatch(/^jobwise_db_pool_waiting_queries 0$/m);
    } else {
      // SQLite has one connection and no pool to report (decision 0275).
      expect(body).not.toContain('jobwise_db_pool');
    }
  });
});
