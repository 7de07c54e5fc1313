// Clients for the fault scripts and the cluster benchmark: a person signing up, a page sending observations.
import { randomBytes } from 'node:crypto';

function failureText(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${(error as Error).message}${cause ? `: ${cause.code ?? ''} ${cause.message ?? ''}` : ''}`;
}

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** 0 = the connection failed (no HTTP answer at all). */
export async function request(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  } catch (error) {
    return { status: 0, retryAfter: null, body: failureText(error) };
  }
}

/** Headers our own pages send on a state-changing JSON call. */
export function sameOrigin(publicUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { origin: new URL(publicUrl).origin, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...extra };
}

/** A browser's cookies, enough for sign-up: remembers Set-Cookie by name. */
class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  has(name: string) {
    return Boolean(this.cookies.get(name));
  }
}

export interface StepResult {
  step: 'register' | 'mailbox' | 'validate';
  answer: Answer;
}

/**
 * One sign-up round trip as a person does it: ask for a code, read it from the development mailbox,
 * enter it. Each request goes through the balancer, so the three usually land on different instances.
 * Answers the failed step, or null when the person is signed in.
 */
export async function signUp(base: string, publicUrl: string, email: string, headers: Record<string, string> = {}): Promise<StepResult | null> {
  const jar = new Jar();
  const call = async (path: string, body: unknown): Promise<Answer> => {
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...sameOrigin(publicUrl, headers), cookie: jar.header() },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      jar.store(response);
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    } catch (error) {
      return { status: 0, retryAfter: null, body: failureText(error) };
    }
  };
  const registered = await call('/jobseeker/register', { form_data: { email }, source: 'landing', component_id: 'registration-modal', method: 'EMAIL' });
  if (registered.status !== 200) return { step: 'register', answer: registered };
  // The person reads their mail on this machine: no client address of theirs on this request.
  const mailbox = await request(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const code = mailbox.status === 200 ? /\b(\d{6})\b/.exec(mailbox.body)?.[1] : undefined;
  if (!code) return { step: 'mailbox', answer: mailbox };
  const validated = await call('/jobseeker/register/otp_validation', { email, one_time_password: code, meta_data: {} });
  if (validated.status !== 200 || !validated.body.includes('"SUCCESS"') || !jar.has('jw_session')) return { step: 'validate', answer: validated };
  return null;
}

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

export function observationBatch(messages = 3) {
  return {
    batch_id: randomBytes(12).toString('base64url'),
    observe_type: 'AT_LEAST_ONCE',
    messages: Array.from({ length: messages }, () => ({
      type_url: 'ComponentObservation',
      payload: {
        create_time_utc: Date.now(),
        meta_data: { visit_id: randomBytes(6).toString('hex'), country_code: 'US' },
        source: 'landing',
        component_id: 'landing_get_started',
        component_type: 'registration-modal',
        action: 'DISPLAY',
        base_form_type: 'REGISTRATION',
        form_container_type: 'MODAL',
      },
    })),
  };
}

export function postBatch(base: string, publicUrl: string, batch: ReturnType<typeof observationBatch>): Promise<Answer> {
  return request(`${base}/observations/observe`, { method: 'POST', headers: sameOrigin(publicUrl), body: JSON.stringify(batch), timeoutMs: 10_000 });
}
