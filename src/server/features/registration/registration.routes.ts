import {
  EmailSchema,
  OtpValidationRequestSchema,
  OtpValidationResponseSchema,
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  type OtpValidationResponse,
  type RegistrationResponse,
} from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { findAccountByEmail } from '../accounts/account-repository';
import { EmailValidationTestQuerySchema } from '../email-validation/email-validation-test';
import { requestLocation } from '../tracking/location';
import type { RoutesApp } from '../../shared/route-contracts';
import { sendError } from '../../shared/status-replies';
import { sendSignInCode } from './sign-in-codes';
import { checkSignInEmail, signInWithCode, type CodeDetails } from './sign-in.service';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';

export const REGISTER_PATH = REGISTRATION_PATHS.register;
export const OTP_VALIDATION_PATH = REGISTRATION_PATHS.otpValidation;

export default async function registrationRoutes(app: RoutesApp) {
  const apiConfig = { requireXhr: true, clientRateLimit: true } as const;

  const registerSchema = { querystring: EmailValidationTestQuerySchema, body: RegistrationRequestSchema, response: { 200: RegistrationResponseSchema } };
  app.post(REGISTER_PATH, { config: apiConfig, schema: registerSchema }, async (request, reply) => {
    const { query, body } = request;
    const checked = checkSignInEmail(body.form_data.email);
    if (!checked.ok) return sendError(reply, checked.status);
    const { email, emailNormalized } = checked;
    const ptid = request.tracking?.ptid;

    // One answer whether or not the address has an account (issue 14, decision 0085): a code goes out
    // either way, and whether the account is new (or must be confirmed) is told only after the code is right.
    if (body.email_validation_required && query.email_validation_test !== 'local_only') {
      const result = await app.emailChecker.check(email);
      if (result !== 'valid') {
        const answer: RegistrationResponse = {
          status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN',
          error_message: registrationErrorMessage('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN'),
          ptid,
        };
        return reply.header('cache-control', 'no-store').send(answer);
      }
    }

    const details: CodeDetails = { search_context: body.search_context ?? null };
    // The mail itself may greet an account ("Welcome back!"): only the mailbox's owner reads it.
    const existing = await findAccountByEmail(app.db, emailNormalized);
    const outcome = await sendSignInCode(app, { email, emailNormalized, isNewAccount: !existing, details: JSON.stringify(details) });
    if (!outcome.sent) return sendError(reply, outcome.status, 'retryAfterSeconds' in outcome ? { retryAfterSeconds: outcome.retryAfterSeconds } : {});

    const answer: RegistrationResponse = { status: 'SUCCESS', ptid, email_verification_experiment_variant: 'HARD_OTP_REQUIREMENT_VARIANT' };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.post(OTP_VALIDATION_PATH, { config: apiConfig, schema: { body: OtpValidationRequestSchema, response: { 200: OtpValidationResponseSchema } } }, async (request, reply) => {
    const { body } = request;
    const email = EmailSchema.safeParse(body.email);
    if (!email.success) return sendError(reply, 'PROTO_VALIDATION_ERROR');
    const result = await signInWithCode(app, request, reply, {
      email: email.data,
      code: body.one_time_password,
      explicitOptIn: body.explicit_opt_in,
      countryCode: body.meta_data.countryCode?.toUpperCase() || requestLocation(app, request).country || null,
      confirmationRequired: body.registration_confirmation_required,
    });
    if (result.ok) {
      const answer: OtpValidationResponse = { status: 'SUCCESS', contact_id: result.accountId, ptid: request.tracking?.ptid, is_new_registration: result.created };
      return reply.header('cache-control', 'no-store').send(answer);
    }
    if (result.status === 'REGISTRATION_CONFIRMATION_REQUIRED') {
      const answer: OtpValidationResponse = { status: result.status, ptid: request.tracking?.ptid };
      return reply.header('cache-control', 'no-store').send(answer);
    }
    return sendError(reply, result.status, 'retryAfterSeconds' in result ? { retryAfterSeconds: result.retryAfterSeconds } : {});
  });
}
