import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EMAIL_VALIDATION_TEST_VALUES,
  EmailSchema,
  OtpValidationRequestSchema,
  RegistrationRequestSchema,
  type OtpValidationResponse,
  type RegistrationResponse,
} from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { parseInput } from '../../plugins/errors';
import { findAccountByEmail, findOrCreateJobSeeker, normalizeEmail } from '../accounts/account-repository';
import { emailDomain, isDisposableDomain } from '../email-validation/disposable-domains';
import { SIGN_IN_PURPOSE, verifyCode } from '../one-time-codes/one-time-codes';
import { requestLocation } from '../tracking/location';
import { sendError } from './registration-replies';
import { sendSignInCode } from './sign-in-codes';
import { SearchContextSchema } from '../../../shared/seeker/search-context';
import { createAlertFromSearch } from '../seeker/alert-from-search';

export const REGISTER_PATH = '/jobseeker/register';
export const OTP_VALIDATION_PATH = '/jobseeker/register/otp_validation';

/** Unknown values of the URL parameter are ignored, as a browser's stray parameter should not fail a sign-up. */
export const EmailValidationTestQuerySchema = z.object({
  email_validation_test: z.enum(EMAIL_VALIDATION_TEST_VALUES).optional().catch(undefined),
});

/** What the registration asked for, kept with the code and applied when the account is made. */
const CodeDetailsSchema = z.object({
  country_code: z.string().max(2).nullable().default(null),
  explicit_opt_in: z.boolean().nullable().default(null),
  search_context: SearchContextSchema.nullable().default(null),
});
type CodeDetails = z.infer<typeof CodeDetailsSchema>;

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

const CODE_PATTERN = /^\d{6}$/;

export default async function registrationRoutes(app: FastifyInstance) {
  const apiConfig = { requireXhr: true, clientRateLimit: true } as const;

  app.post(REGISTER_PATH, { config: apiConfig }, async (request, reply) => {
    const query = parseInput(EmailValidationTestQuerySchema, request.query);
    const body = parseInput(RegistrationRequestSchema, request.body);
    const typed = body.form_data.email.trim();
    if (typed === '') return sendError(reply, 'EMPTY_EMAIL_ERROR');
    const email = EmailSchema.safeParse(typed);
    if (!email.success) return sendError(reply, 'PROTO_VALIDATION_ERROR');
    if (isDisposableDomain(emailDomain(email.data))) return sendError(reply, 'EMAIL_REJECTED_ERROR');

    const emailNormalized = normalizeEmail(email.data);
    const existing = await findAccountByEmail(app.db, emailNormalized);
    const ptid = request.tracking?.ptid;

    if (!existing && body.registration_confirmation_required) {
      const answer: RegistrationResponse = { status: 'REGISTRATION_CONFIRMATION_REQUIRED', ptid };
      return reply.header('cache-control', 'no-store').send(answer);
    }

    if (body.email_validation_required && query.email_validation_test !== 'local_only') {
      const result = await app.emailChecker.check(email.data);
      if (result !== 'valid') {
        const answer: RegistrationResponse = {
          status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN',
          error_message: registrationErrorMessage('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN'),
          ptid,
        };
        return reply.header('cache-control', 'no-store').send(answer);
      }
    }

    const countryCode = body.metadata.countryCode?.toUpperCase() ?? requestLocation(app, request).country;
    const details: CodeDetails = {
      country_code: countryCode || null,
      explicit_opt_in: body.form_data.explicit_opt_in ?? null,
      search_context: body.search_context ?? null,
    };
    const outcome = await sendSignInCode(app, { email: email.data, emailNormalized, isNewAccount: !existing, details: JSON.stringify(details) });
    if (!outcome.sent) return sendError(reply, outcome.status, 'retryAfterSeconds' in outcome ? { retryAfterSeconds: outcome.retryAfterSeconds } : {});

    const answer: RegistrationResponse = {
      status: existing ? 'SEND_OPT_EMAIL_SUCCESS' : 'SUCCESS',
      ptid,
      email_verification_experiment_variant: 'HARD_OTP_REQUIREMENT_VARIANT',
    };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.post(OTP_VALIDATION_PATH, { config: apiConfig }, async (request, reply) => {
    const body = parseInput(OtpValidationRequestSchema, request.body);
    const email = EmailSchema.safeParse(body.email);
    if (!email.success) return sendError(reply, 'PROTO_VALIDATION_ERROR');
    // A code that is not six digits cannot match; it is answered as wrong without spending a try.
    if (!CODE_PATTERN.test(body.one_time_password)) return sendError(reply, 'OTP_INVALID_ERROR');

    const emailNormalized = normalizeEmail(email.data);
    const check = await verifyCode(app.db, {
      secret: app.config.SESSION_SECRET,
      email: emailNormalized,
      purpose: SIGN_IN_PURPOSE,
      code: body.one_time_password,
      now: app.now(),
    });
    if (check.result === 'invalid') return sendError(reply, 'OTP_INVALID_ERROR');
    if (check.result !== 'valid') return sendError(reply, 'OTP_EXPIRED_ERROR');

    const details = parseCodeDetails(check.details);
    const countryCode = details.country_code ?? body.meta_data.countryCode?.toUpperCase() ?? null;
    const alertsOptIn = emailAlertsOptIn(countryCode, details.explicit_opt_in ?? body.explicit_opt_in);
    const { account } = await findOrCreateJobSeeker(app.db, {
      email: email.data,
      countryCode,
      emailAlertsOptIn: alertsOptIn,
      now: app.now(),
    });
    if (details.search_context && alertsOptIn) await createAlertFromSearch(app.db, account.id, details.search_context, app.now());
    await app.startSession(request, reply, account.id);
    request.user = { id: account.id, email: account.email };
    const answer: OtpValidationResponse = { status: 'SUCCESS', contact_id: account.id, ptid: request.tracking?.ptid };
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
