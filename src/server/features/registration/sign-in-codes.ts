import type { FastifyInstance } from 'fastify';
import { codeEmail } from '../one-time-codes/code-email';
import { findCode, issueCode, RESEND_COOLDOWN_MS, SIGN_IN_PURPOSE, withdrawCode } from '../one-time-codes/one-time-codes';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';

export type SendCodeOutcome =
  | { sent: true }
  | { sent: false; status: 'RATE_LIMITING_THROTTLED'; retryAfterSeconds: number }
  | { sent: false; status: 'RATE_LIMITING_ERROR'; retryAfterSeconds: number }
  | { sent: false; status: 'SEND_OPT_EMAIL_ERROR' };

/**
 * Sends a sign-in code to an address: refused within 60 s of the last one while it is unused, and beyond the hourly
 * count per address. A failed or slow send puts everything back as it was (the earlier code, the
 * hourly count), so a person can simply try again.
 */
export async function sendSignInCode(
  app: FastifyInstance,
  options: { email: string; emailNormalized: string; isNewAccount: boolean; details: string },
): Promise<SendCodeOutcome> {
  const now = app.now();
  const { emailNormalized } = options;
  const previous = await findCode(app.db, emailNormalized, SIGN_IN_PURPOSE);
  // The wait guards an unused code; once it is used (signed in), the next sign-in gets a code at once.
  if (previous && previous.used_at === null && now - Number(previous.last_sent_at) < RESEND_COOLDOWN_MS) {
    const retryAfterSeconds = Math.max(1, Math.ceil((Number(previous.last_sent_at) + RESEND_COOLDOWN_MS - now) / 1000));
    return { sent: false, status: 'RATE_LIMITING_THROTTLED', retryAfterSeconds };
  }
  const limit = app.rateLimits.codesPerEmail;
  const allowed = await consumeRateLimit(app.rateLimits.store, limit, emailNormalized, now);
  if (!allowed.allowed) return { sent: false, status: 'RATE_LIMITING_ERROR', retryAfterSeconds: allowed.retryAfterSeconds };

  const issued = await issueCode(app.db, { secret: app.config.secrets.signInCodes.current, email: emailNormalized, purpose: SIGN_IN_PURPOSE, now, details: options.details, previous });
  if (!issued) {
    // Another request sent a code a moment ago.
    await refundRateLimit(app.rateLimits.store, limit, emailNormalized, now);
    return { sent: false, status: 'RATE_LIMITING_THROTTLED', retryAfterSeconds: Math.ceil(RESEND_COOLDOWN_MS / 1000) };
  }
  try {
    await app.mailer.send(codeEmail({ to: options.email, code: issued.code, isNewAccount: options.isNewAccount, publicUrl: app.config.PUBLIC_URL }));
    return { sent: true };
  } catch (error) {
    // Name and code only: a mail server's message can quote the recipient's address.
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
    app.log.warn({ err: { name: error instanceof Error ? error.name : typeof error, code } }, 'sending a sign-in code failed');
    await withdrawCode(app.db, emailNormalized, SIGN_IN_PURPOSE, issued.previous);
    await refundRateLimit(app.rateLimits.store, limit, emailNormalized, now);
    return { sent: false, status: 'SEND_OPT_EMAIL_ERROR' };
  }
}
