// Answers in the status catalogue (spec 8) for the JSON calls of registration, email preferences and SMS opt-in.
import type { FastifyReply } from 'fastify';
import { refusal } from './refusals';
import { registrationErrorMessage, type RegistrationStatus } from '../../shared/registration/statuses';

/**
 * HTTP status for each catalogue status this server answers (decision record 0021): 200 for the
 * flow's own outcomes, 4xx for every error so the client always has a JSON body to read.
 */
export const HTTP_STATUS_FOR = {
  SUCCESS: 200,
  SEND_OPT_EMAIL_SUCCESS: 200,
  REGISTRATION_CONFIRMATION_REQUIRED: 200,
  MAILGUN_EMAIL_VALIDATION_SUCCESS: 200,
  MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN: 200,
  EMAIL_RESUBSCRIBE_SUCCESS: 200,
  EMAIL_RESUBSCRIBE_ERROR: 401,
  PROTO_VALIDATION_ERROR: 400,
  EMPTY_EMAIL_ERROR: 400,
  OTP_INVALID_ERROR: 400,
  CREDENTIAL_SERVICE_ERROR: 401,
  OTP_EXPIRED_ERROR: 410,
  EMAIL_REJECTED_ERROR: 422,
  SEND_OPT_EMAIL_ERROR: 424,
  RATE_LIMITING_ERROR: 429,
  RATE_LIMITING_THROTTLED: 429,
} as const satisfies Partial<Record<RegistrationStatus, number>>;

export type AnsweredStatus = keyof typeof HTTP_STATUS_FOR;

/** An error answer: status, the catalogue's message (as error_message and error), Retry-After when given. */
export function sendError(reply: FastifyReply, status: AnsweredStatus, options: { retryAfterSeconds?: number } = {}) {
  const message = registrationErrorMessage(status);
  if (options.retryAfterSeconds !== undefined) reply.header('retry-after', String(options.retryAfterSeconds));
  return reply.status(HTTP_STATUS_FOR[status]).header('cache-control', 'no-store').send(refusal(status, message));
}
