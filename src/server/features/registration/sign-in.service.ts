// The two steps of signing in by emailed code, shared by the JSON API (registration.routes.ts) and
// the plain form posts of the sign-in pages (registration-pages/registration-pages.routes.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EmailSchema } from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { SearchContextSchema } from '../../../shared/seeker/search-context';
import { findAccountByEmail, findOrCreateJobSeeker, normalizeEmail } from '../accounts/account-repository';
import { emailDomain, isDisposableDomain } from '../email-validation/disposable-domains';
import { takePendingLink } from '../google-sign-in/google-nonces';
import { GOOGLE_PROVIDER, linkIdentity } from '../google-sign-in/identity-repository';
import { SIGN_IN_PURPOSE, verifyCode } from '../one-time-codes/one-time-codes';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';
import { createAlertFromSearch } from '../seeker/alert-from-search';
import { emailAlertsOptIn } from '../../../shared/registration/country';
import type { SessionSide } from '../sessions/session-repository';

/**
 * What the registration asked for, kept with the code. Only the search (which becomes an alert when the
 * person agrees to alerts) is kept now: consent and country come from the request that verifies the code
 * (issue 14), so whoever asks for a code to someone else's address cannot choose for them. Old rows may
 * still carry country_code and explicit_opt_in; they are ignored.
 */
const CodeDetailsSchema = z.object({
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
  return { search_context: null };
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
  | { ok: true; accountId: string; created: boolean }
  /** The code is right and the address has no account yet: ask the person to confirm (the code stays usable). */
  | { ok: false; status: 'REGISTRATION_CONFIRMATION_REQUIRED' }
  | { ok: false; status: 'OTP_INVALID_ERROR' | 'OTP_EXPIRED_ERROR' }
  | { ok: false; status: 'RATE_LIMITING_ERROR'; retryAfterSeconds: number };

export interface SignInCodeInput {
  email: string;
  code: string;
  /** The verifying request's choices: the CA email-alerts box and the visitor's country. */
  explicitOptIn?: boolean;
  countryCode?: string | null;
  /**
   * The form type asks a new address to confirm (regConfirm, Canadian visitors): a right code for an
   * address without an account answers REGISTRATION_CONFIRMATION_REQUIRED, and the confirmation's
   * Continue sends the same code with this false (decision 0085).
   */
  confirmationRequired?: boolean;
  /** The side of the site the person signs in on (decision 0100). */
  side?: SessionSide;
}

/**
 * Checks the code; on success makes the account on first sign-in (with the verifying request's choices)
 * and starts the session. A code that is not six digits cannot match and spends no try. Every wrong code
 * also counts against the address's daily budget (RATE_LIMIT_CODE_FAILURES_PER_DAY), kept in the shared
 * rate-limit store so several instances count together; past it, even the right code is refused until
 * the next day.
 */
export async function signInWithCode(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, input: SignInCodeInput): Promise<SignInCodeResult> {
  if (!CODE_PATTERN.test(input.code)) return { ok: false, status: 'OTP_INVALID_ERROR' };
  const emailNormalized = normalizeEmail(input.email);
  const now = app.now();
  const { store, codeFailuresPerEmail } = app.rateLimits;
  // Counted first (one atomic hit), given back unless the code was wrong: parallel guesses cannot pass the budget.
  const budget = await consumeRateLimit(store, codeFailuresPerEmail, emailNormalized, now);
  if (!budget.allowed) return { ok: false, status: 'RATE_LIMITING_ERROR', retryAfterSeconds: budget.retryAfterSeconds };

  // Looked up before the code is checked but told only after a right code.
  const existing = input.confirmationRequired ? await findAccountByEmail(app.db, emailNormalized) : undefined;
  const askConfirmation = Boolean(input.confirmationRequired) && !existing;
  const check = await verifyCode(app.db, {
    secrets: app.config.secrets.signInCodes.accepted(now),
    email: emailNormalized,
    purpose: SIGN_IN_PURPOSE,
    code: input.code,
    now,
    keepUnused: askConfirmation,
  });
  if (check.result !== 'invalid') await refundRateLimit(store, codeFailuresPerEmail, emailNormalized, now);
  if (check.result === 'invalid') return { ok: false, status: 'OTP_INVALID_ERROR' };
  if (check.result !== 'valid') return { ok: false, status: 'OTP_EXPIRED_ERROR' };
  if (askConfirmation) return { ok: false, status: 'REGISTRATION_CONFIRMATION_REQUIRED' };

  const details = parseCodeDetails(check.details);
  const countryCode = input.countryCode || null;
  // An employer signing up agreed to no job alerts (their terms say nothing of them).
  const alertsOptIn = input.side === 'employer' ? false : emailAlertsOptIn(countryCode, input.explicitOptIn);
  const { account, created } = await findOrCreateJobSeeker(app.db, { email: input.email, countryCode, emailAlertsOptIn: alertsOptIn, now });
  if (details.search_context && alertsOptIn) await createAlertFromSearch(app.db, account.id, details.search_context, now);
  // A Google identity this visitor tried for the address waits for the mailbox to be proved: now it is.
  const googleSubject = await takePendingLink(app, request, emailNormalized);
  if (googleSubject) await linkIdentity(app.db, { provider: GOOGLE_PROVIDER, subject: googleSubject, accountId: account.id, email: account.email, now });
  await app.startSession(request, reply, account, { side: input.side, newAccount: created });
  return { ok: true, accountId: account.id, created };
}
