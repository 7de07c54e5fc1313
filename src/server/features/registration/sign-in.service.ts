// The two steps of signing in by emailed code, shared by the JSON API (registration.routes.ts) and
// the plain form posts of the sign-in pages (registration-pages/registration-pages.routes.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EmailSchema } from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { SearchContextSchema } from '../../../shared/seeker/search-context';
import { findOrCreateJobSeeker, normalizeEmail } from '../accounts/account-repository';
import { emailDomain, isDisposableDomain } from '../email-validation/disposable-domains';
import { SIGN_IN_PURPOSE, verifyCode } from '../one-time-codes/one-time-codes';
import { createAlertFromSearch } from '../seeker/alert-from-search';
import type { SessionSide } from '../sessions/session-repository';

/** What the registration asked for, kept with the code and applied when the account is made. */
const CodeDetailsSchema = z.object({
  country_code: z.string().max(2).nullable().default(null),
  explicit_opt_in: z.boolean().nullable().default(null),
  search_context: SearchContextSchema.nullable().default(null),
});
export type CodeDetails = z.infer<typeof CodeDetailsSchema>;

function parseCodeDetails(text: string): CodeDetails {
  try {
    const parsed = CodeDetailsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the defaults
  }
  return { country_code: null, explicit_opt_in: null, search_context: null };
}

/** Email alerts: agreed to by the terms text everywhere except CA, where only the checkbox says yes. */
export function emailAlertsOptIn(countryCode: string | null, explicitOptIn: boolean | null | undefined): boolean {
  return countryCode === 'CA' ? explicitOptIn === true : true;
}

export type SignInEmail =
  | { ok: true; email: string; emailNormalized: string }
  | { ok: false; status: 'EMPTY_EMAIL_ERROR' | 'PROTO_VALIDATION_ERROR' | 'EMAIL_REJECTED_ERROR'; message: string };

/** Spec 5's rules for the typed address, with the field's own message, then the disposable-domain list. */
export function checkSignInEmail(typed: string): SignInEmail {
  const trimmed = typed.trim();
  const email = EmailSchema.safeParse(trimmed);
  if (!email.success) {
    const message = email.error.issues[0]?.message ?? 'Email is invalid';
    return { ok: false, status: trimmed === '' ? 'EMPTY_EMAIL_ERROR' : 'PROTO_VALIDATION_ERROR', message };
  }
  if (isDisposableDomain(emailDomain(email.data))) {
    return { ok: false, status: 'EMAIL_REJECTED_ERROR', message: registrationErrorMessage('EMAIL_REJECTED_ERROR') };
  }
  return { ok: true, email: email.data, emailNormalized: normalizeEmail(email.data) };
}

const CODE_PATTERN = /^\d{6}$/;

export type SignInCodeResult =
  | { ok: true; accountId: string }
  | { ok: false; status: 'OTP_INVALID_ERROR' | 'OTP_EXPIRED_ERROR' };

/**
 * Checks the code; on success makes the account on first sign-in (with the details kept at send time)
 * and starts the session. A code that is not six digits cannot match and spends no try.
 */
export async function signInWithCode(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; code: string; explicitOptIn?: boolean; countryCode?: string | null; side?: SessionSide },
): Promise<SignInCodeResult> {
  if (!CODE_PATTERN.test(input.code)) return { ok: false, status: 'OTP_INVALID_ERROR' };
  const check = await verifyCode(app.db, {
    secret: app.config.SESSION_SECRET,
    email: normalizeEmail(input.email),
    purpose: SIGN_IN_PURPOSE,
    code: input.code,
    now: app.now(),
  });
  if (check.result === 'invalid') return { ok: false, status: 'OTP_INVALID_ERROR' };
  if (check.result !== 'valid') return { ok: false, status: 'OTP_EXPIRED_ERROR' };

  const details = parseCodeDetails(check.details);
  const countryCode = details.country_code ?? input.countryCode ?? null;
  // An employer signing up agreed to no job alerts (their terms say nothing of them).
  const alertsOptIn = input.side === 'employer' ? false : emailAlertsOptIn(countryCode, details.explicit_opt_in ?? input.explicitOptIn);
  const { account } = await findOrCreateJobSeeker(app.db, { email: input.email, countryCode, emailAlertsOptIn: alertsOptIn, now: app.now() });
  if (details.search_context && alertsOptIn) await createAlertFromSearch(app.db, account.id, details.search_context, app.now());
  await app.startSession(request, reply, account.id, input.side);
  return { ok: true, accountId: account.id };
}
