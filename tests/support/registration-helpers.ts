import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MailboxMessage } from '../../src/server/features/mail/dev-mailbox.routes';
import { sameOriginHeaders } from './test-app';

/** A browser's cookie jar, enough for the tests: remembers Set-Cookie and sends the live ones back. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: { jar?: CookieJar; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...sameOriginHeaders, 'content-type': 'application/json', ...(options.jar ? { cookie: options.jar.header() } : {}), ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  options.jar?.store(response);
  return response;
}

export async function getJson(app: FastifyInstance, url: string, jar?: CookieJar): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header() } : {} });
  jar?.store(response);
  return response;
}

export function registerBody(email: string, extra: Record<string, unknown> = {}) {
  return { form_data: { email }, source: 'landing', component_id: 'registration-modal', method: 'EMAIL', ...extra };
}

export function register(app: FastifyInstance, email: string, options: { jar?: CookieJar; extra?: Record<string, unknown>; query?: string; headers?: Record<string, string> } = {}) {
  return postJson(app, `/jobseeker/register${options.query ?? ''}`, registerBody(email, options.extra), { jar: options.jar, headers: options.headers });
}

export function validateCode(app: FastifyInstance, email: string, code: string, jar?: CookieJar) {
  return postJson(app, '/jobseeker/register/otp_validation', { email, one_time_password: code, meta_data: {} }, { jar });
}


export async function mailbox(app: FastifyInstance, to?: string): Promise<MailboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: `/dev/mailbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}` });
  return response.json<MailboxMessage[]>();
}

/** The newest code mailed to an address, read the way a person reads it: from the message text. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await mailbox(app, to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A six-digit code that is not the right one. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

export async function countRows(app: FastifyInstance, table: 'accounts' | 'one_time_codes' | 'sessions' | 'dev_mailbox' | 'sms_opt_ins' | 'error_reports' | 'account_identities'): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
