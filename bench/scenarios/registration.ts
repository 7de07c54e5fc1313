import { randomBytes } from 'node:crypto';
import type { BenchScenario } from '../harness';

/**
 * Issue 3: registration under load. Every request registers a new address (mail goes to the database
 * mailbox). The per-client-address limit is raised for the bench server, because all load comes from
 * one address; the per-email limits stay as they are (each address is new).
 */
const headers = {
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  'sec-fetch-site': 'same-origin',
};
const appEnv = { RATE_LIMIT_CLIENT_MAX: '1000000000' };
const run = randomBytes(3).toString('hex');
let counter = 0;
const newEmail = () => `bench-${run}-${(counter += 1)}@example.com`;
const registerBody = (email: string) => JSON.stringify({ form_data: { email }, source: 'landing', component_id: 'bench', method: 'EMAIL' });

async function mailboxCount(appUrl: string): Promise<number> {
  const response = await fetch(`${appUrl}/dev/mailbox.json?limit=500`);
  const messages: unknown = await response.json();
  return Array.isArray(messages) ? messages.length : 0;
}

export const registerScenario: BenchScenario = {
  name: 'register',
  description: 'POST /jobseeker/register, a new email each time (code to the database mailbox)',
  appEnv,
  load: {
    method: 'POST',
    path: '/jobseeker/register',
    headers,
    body: registerBody(`bench-${run}-capture@example.com`),
    connections: 20,
    setupRequest: [
      {
        method: 'POST',
        path: '/jobseeker/register',
        setupRequest: (request) => ({ ...request, body: registerBody(newEmail()) }),
      },
    ],
  },
  async verify(appUrl, result) {
    const stored = await mailboxCount(appUrl);
    return `${result.non2xx} non-2xx; mailbox holds ${stored >= 500 ? '500+' : stored} messages`;
  },
};

/** Per connection: the address it registered and the code it read from the mailbox. */
const flows = new WeakMap<object, { email: string; code: string }>();

export const registerAndLogInScenario: BenchScenario = {
  name: 'register-login',
  description: 'register + read the code from /dev/mailbox.json + POST /jobseeker/register/otp_validation (3 requests per round trip)',
  appEnv,
  load: {
    method: 'POST',
    path: '/jobseeker/register',
    headers,
    body: registerBody(`bench-${run}-capture2@example.com`),
    connections: 20,
    setupRequest: [
      {
        method: 'POST',
        path: '/jobseeker/register',
        setupRequest: (request, context) => {
          const email = newEmail();
          flows.set(context, { email, code: '' });
          return { ...request, body: registerBody(email) };
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const flow = flows.get(context);
          return { ...request, method: 'GET', body: undefined, path: `/dev/mailbox.json?limit=1&to=${encodeURIComponent(flow?.email ?? '')}` };
        },
        onResponse: (_status, body, context) => {
          const flow = flows.get(context);
          const code = body.match(/Your Jobwise code: (\d{6})/)?.[1];
          if (flow && code) flow.code = code;
        },
      },
      {
        method: 'POST',
        path: '/jobseeker/register/otp_validation',
        setupRequest: (request, context) => {
          const flow = flows.get(context);
          return { ...request, method: 'POST', body: JSON.stringify({ email: flow?.email ?? '', one_time_password: flow?.code ?? '', meta_data: {} }) };
        },
      },
    ],
  },
  async verify(_appUrl, result) {
    return `${(result.requestsPerSecond / 3).toFixed(0)} complete sign-ups per second; ${result.non2xx} non-2xx answers of ${result.total}`;
  },
};
