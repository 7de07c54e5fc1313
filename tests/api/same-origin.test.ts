import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, registerBody } from '../support/registration-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 14, finding 5: a sandboxed frame or a privacy-stripped request sends `Origin: null`; it is
// cross-site, whatever else it says.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let sent = 0;
const post = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/jobseeker/register',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
    payload: JSON.stringify(registerBody(`origin-${++sent}@example.com`)),
  });

describe('the same-origin check', () => {
  it.each([
    ['Origin: null alone', { origin: 'null' }],
    ['Origin: null with Sec-Fetch-Site: same-origin', { origin: 'null', 'sec-fetch-site': 'same-origin' }],
    ['Origin: null with Sec-Fetch-Site: none', { origin: 'null', 'sec-fetch-site': 'none' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost:3000' }],
  ])('refuses %s with 403 and stores nothing', async (_label, headers) => {
    const codesBefore = await countRows(t.app, 'one_time_codes');
    const response = await post(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe('FORBIDDEN');
    expect(await countRows(t.app, 'one_time_codes')).toBe(codesBefore);
  });

  it('accepts our own origin', async () => {
    expect((await post({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
