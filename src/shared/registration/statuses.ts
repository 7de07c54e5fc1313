// Registration statuses and the error catalogue of spec section 8, defined once for both sides.
// No runtime imports: the client's first script may use these.

export const REGISTRATION_STATUSES = [
  'SUCCESS',
  'SEND_OPT_EMAIL_SUCCESS',
  'REGISTRATION_CONFIRMATION_REQUIRED',
  'EMAIL_RESUBSCRIBE_SUCCESS',
  'EMAIL_RESUBSCRIBE_ERROR',
  'MAILGUN_EMAIL_VALIDATION_SUCCESS',
  'EXISTING_EMAIL_ERROR',
  'RATE_LIMITING_ERROR',
  'UNSPECIFIED_ERROR',
  'PROFILE_API_ERROR',
  'PASSWORD_SECURITY_ERROR',
  'CREDENTIAL_SERVICE_ERROR',
  'PROTO_VALIDATION_ERROR',
  'EMAIL_REJECTED_ERROR',
  'EMPTY_EMAIL_ERROR',
  'SEND_OPT_EMAIL_ERROR',
  'RATE_LIMITING_THROTTLED',
  'OTP_EXPIRED_ERROR',
  'OTP_INVALID_ERROR',
  'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Spec 8: the registration message for each error status. */
export const REGISTRATION_ERROR_MESSAGES = {
  EXISTING_EMAIL_ERROR: 'This email is already registered. Please sign in instead',
  RATE_LIMITING_ERROR: 'Too many attempts. Please try again later',
  UNSPECIFIED_ERROR: 'Something went wrong. Please try again',
  PROFILE_API_ERROR: 'Unable to create your profile. Please try again',
  PASSWORD_SECURITY_ERROR: "Your password doesn't meet our security requirements",
  CREDENTIAL_SERVICE_ERROR: 'Unable to verify your credentials. Please try again',
  PROTO_VALIDATION_ERROR: 'Invalid information provided. Please check your details',
  EMAIL_REJECTED_ERROR: 'This email address cannot be used. Please try another',
  EMPTY_EMAIL_ERROR: 'Please enter your email address',
  SEND_OPT_EMAIL_ERROR: 'Unable to send one time password email',
  RATE_LIMITING_THROTTLED: 'Too many requests. Please wait a moment before trying again',
  OTP_EXPIRED_ERROR: 'Verification code has expired. Please request a new one',
  OTP_INVALID_ERROR: 'Invalid verification code. Please check and try again',
  MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN: 'Email address may be incorrect. Please correct if necessary, then click to continue',
} as const satisfies Partial<Record<RegistrationStatus, string>>;

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again';

/** Spec 8: the message for a status, with the catalogue's fallback for anything else. */
export function registrationErrorMessage(status: string | number | undefined | null): string {
  if (typeof status === 'string' && Object.hasOwn(REGISTRATION_ERROR_MESSAGES, status)) {
    return REGISTRATION_ERROR_MESSAGES[status as keyof typeof REGISTRATION_ERROR_MESSAGES];
  }
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Spec 8: the OTP form's own wording. */
export const OTP_FORM_MESSAGES = {
  serverError: 'There was a server error. Try again later.',
  expired: 'This code has expired. Request a new one to continue.',
  invalid: 'Invalid one time password. Please try again.',
  resendFailed: 'Unable to resend code — please try again later',
} as const;

export function otpFormErrorMessage(status: string | undefined | null): string {
  if (status === 'OTP_EXPIRED_ERROR') return OTP_FORM_MESSAGES.expired;
  if (status === 'OTP_INVALID_ERROR') return OTP_FORM_MESSAGES.invalid;
  return OTP_FORM_MESSAGES.serverError;
}

/** Spec 7: how the client words a failed call. */
export const CALL_FAILURE_MESSAGES = {
  network: 'We were unable to contact our servers. Please try again.',
  server: 'Error. Something went wrong. We were unable to complete your last action... please try again.',
  generic: 'We were unable to contact our servers please try again later.',
} as const;
