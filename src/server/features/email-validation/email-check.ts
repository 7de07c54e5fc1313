import { Resolver } from 'node:dns/promises';
import { z } from 'zod';
import { EmailSchema } from '../../../shared/registration/contracts';
import { emailDomain, isDisposableDomain } from './disposable-domains';
import { TIMED_OUT, withTimeout } from '../../lib/with-timeout';

export type EmailCheckResult = 'valid' | 'invalid' | 'uncertain';

/** Looks up a domain's MX records; rejects with a node:dns error code (ENOTFOUND, ENODATA, ETIMEOUT ...). */
export type MxResolver = (domain: string) => Promise<{ exchange: string; priority: number }[]>;

export function systemMxResolver(timeoutMs: number): MxResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return (domain) => resolver.resolveMx(domain);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/**
 * The local check: syntax, then the disposable list, then whether the domain takes mail (MX).
 * "uncertain" whenever the lookup cannot tell (no answer in time, no network, a server failure).
 */
export async function checkEmailLocally(email: string, options: { resolveMx: MxResolver; timeoutMs: number }): Promise<EmailCheckResult> {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) return 'invalid';
  const domain = emailDomain(parsed.data);
  if (isDisposableDomain(domain)) return 'invalid';
  try {
    const records = await withTimeout(options.resolveMx(domain), options.timeoutMs);
    if (records === TIMED_OUT) return 'uncertain';
    // A "null MX" (RFC 7505: a single record with an empty exchange) says the domain takes no mail.
    if (records.length === 1 && records[0]?.exchange === '') return 'invalid';
    return records.length > 0 ? 'valid' : 'uncertain';
  } catch (error) {
    // The domain does not exist at all: nobody can receive mail there.
    if (errorCode(error) === 'ENOTFOUND') return 'invalid';
    return 'uncertain';
  }
}

const MailgunAnswerSchema = z.object({ result: z.string(), risk: z.string().optional() }).loose();

/**
 * Mailgun's single-address validation (v4), or any service answering the same shape: only
 * "deliverable" counts as valid; undeliverable, do_not_send, catch_all and unknown all warn the person.
 */
export async function checkEmailWithMailgun(email: string, options: { apiUrl: string; apiKey: string; timeoutMs: number; fetch?: typeof fetch }): Promise<EmailCheckResult> {
  const url = new URL('/v4/address/validate', options.apiUrl);
  url.searchParams.set('address', email);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { authorization: `Basic ${Buffer.from(`api:${options.apiKey}`).toString('base64')}`, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) return 'uncertain';
    const answer = MailgunAnswerSchema.safeParse(await response.json());
    if (!answer.success) return 'uncertain';
    if (answer.data.result === 'deliverable') return 'valid';
    return answer.data.result === 'undeliverable' || answer.data.result === 'do_not_send' ? 'invalid' : 'uncertain';
  } catch {
    return 'uncertain';
  }
}

export interface EmailChecker {
  check(email: string): Promise<EmailCheckResult>;
}

export function emailChecker(options: { mailgunApiKey?: string; mailgunApiUrl: string; timeoutMs: number; resolveMx?: MxResolver }): EmailChecker {
  const resolveMx = options.resolveMx ?? systemMxResolver(options.timeoutMs);
  return {
    async check(email) {
      const local = EmailSchema.safeParse(email);
      if (!local.success || isDisposableDomain(emailDomain(local.data))) return 'invalid';
      if (options.mailgunApiKey) return checkEmailWithMailgun(local.data, { apiUrl: options.mailgunApiUrl, apiKey: options.mailgunApiKey, timeoutMs: options.timeoutMs });
      return checkEmailLocally(local.data, { resolveMx, timeoutMs: options.timeoutMs });
    },
  };
}
