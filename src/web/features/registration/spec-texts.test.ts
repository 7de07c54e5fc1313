// Spec 8's texts (and the messages of spec 5 and 7 they sit beside), typed out literally from the spec:
// every other test compares with the app's own constants, so only this one fails when a word changes.
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../../shared/registration/contracts';
import { PHONE_INVALID_MESSAGE } from '../../../shared/phone';
import { OTP_LENGTH_MESSAGE } from '../../../shared/registration/pages';
import { CALL_FAILURE_MESSAGES, OTP_FORM_MESSAGES, otpFormErrorMessage, registrationErrorMessage } from '../../../shared/registration/statuses';
import { OBSERVE_FAILURE_WARNING } from '../analytics/tracker';
import { googleFailureMessage } from '../google-sign-in/google-api';
import { CLOSED_JOB_MESSAGE } from '../../shell/closed-job-alert';
import { FORM_COPY } from './copy';
import { registrationFailureMessage, serverCheckWarning } from './flow';

describe('spec 8: registration messages by status', () => {
  it.each([
    ['EXISTING_EMAIL_ERROR', 'This email is already registered. Please sign in instead'],
    ['RATE_LIMITING_ERROR', 'Too many attempts. Please try again later'],
    ['UNSPECIFIED_ERROR', 'Something went wrong. Please try again'],
    ['PROFILE_API_ERROR', 'Unable to create your profile. Please try again'],
    ['PASSWORD_SECURITY_ERROR', "Your password doesn't meet our security requirements"],
    ['CREDENTIAL_SERVICE_ERROR', 'Unable to verify your credentials. Please try again'],
    ['PROTO_VALIDATION_ERROR', 'Invalid information provided. Please check your details'],
    ['EMAIL_REJECTED_ERROR', 'This email address cannot be used. Please try another'],
    ['EMPTY_EMAIL_ERROR', 'Please enter your email address'],
    ['SEND_OPT_EMAIL_ERROR', 'Unable to send one time password email'],
    ['RATE_LIMITING_THROTTLED', 'Too many requests. Please wait a moment before trying again'],
    ['OTP_EXPIRED_ERROR', 'Verification code has expired. Please request a new one'],
    ['OTP_INVALID_ERROR', 'Invalid verification code. Please check and try again'],
    ['MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN', 'Email address may be incorrect. Please correct if necessary, then click to continue'],
    ['SOMETHING_NEW', 'An unexpected error occurred. Please try again'],
    [42, 'An unexpected error occurred. Please try again'],
  ])('%s: "%s"', (status, message) => {
    expect(registrationErrorMessage(status)).toBe(message);
    // What the registration form shows for that answer.
    expect(registrationFailureMessage({ ok: false, status, message: 'ignored for a catalogue status', httpStatus: 400 })).toBe(
      typeof status === 'string' && status !== 'SOMETHING_NEW' ? message : 'ignored for a catalogue status',
    );
  });

  it('the invalid-or-uncertain answer is the warning under the field', () => {
    expect(serverCheckWarning('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN')).toBe('Email address may be incorrect. Please correct if necessary, then click to continue');
    expect(serverCheckWarning('MAILGUN_EMAIL_VALIDATION_SUCCESS')).toBeNull();
  });
});

describe('spec 8: the OTP form', () => {
  it.each([
    ['UNSPECIFIED_ERROR', 'There was a server error. Try again later.'],
    ['OTP_EXPIRED_ERROR', 'This code has expired. Request a new one to continue.'],
    ['OTP_INVALID_ERROR', 'Invalid one time password. Please try again.'],
    ['RATE_LIMITING_THROTTLED', 'There was a server error. Try again later.'],
    [null, 'There was a server error. Try again later.'],
  ])('%s: "%s"', (status, message) => {
    expect(otpFormErrorMessage(status)).toBe(message);
  });

  it('resend and the code length', () => {
    expect(OTP_FORM_MESSAGES.resendFailed).toBe('Unable to resend code — please try again later');
    expect(OTP_FORM_MESSAGES.serverError).toBe('There was a server error. Try again later.');
    expect(OTP_LENGTH_MESSAGE).toBe('Must reach 6 characters');
    expect(FORM_COPY.otpLength).toBe('Must reach 6 characters');
    expect(FORM_COPY.maintenance).toBe('We are currently undergoing site maintenance - emails may take up to a few minutes to arrive.');
  });
});

describe('spec 7 and 8: calls, the generic message, the error screen, the closed job', () => {
  it.each([
    ['a network failure', CALL_FAILURE_MESSAGES.network, 'We were unable to contact our servers. Please try again.'],
    ['a 5xx or a missing message', CALL_FAILURE_MESSAGES.server, 'Error. Something went wrong. We were unable to complete your last action... please try again.'],
    ['generic', CALL_FAILURE_MESSAGES.generic, 'We were unable to contact our servers please try again later.'],
    ['observation send failure', OBSERVE_FAILURE_WARNING, 'failed observing due to error:'],
    ['closed job', CLOSED_JOB_MESSAGE, "We're sorry, the job you were trying to access has closed."],
    ['error screen title', FORM_COPY.errorTitle, 'Sorry, something went wrong!'],
    ['error screen text', FORM_COPY.errorText, 'An error occurred.'],
    ['report dialog title', FORM_COPY.reportError, 'Report error'],
    ['report dialog prompt', FORM_COPY.reportPrompt, 'What was the error? What did you expect to happen instead?'],
    ['report dialog button', FORM_COPY.submitReport, 'Submit Error Report'],
    ['media', FORM_COPY.mediaFailed, 'Media failed to load'],
    ['single sign-on failure prefix', googleFailureMessage('Invalid token'), 'Unsuccessful call to Google Registration Api: Invalid token'],
  ])('%s: "%s"', (_what, actual, literal) => {
    expect(actual).toBe(literal);
  });
});

describe('spec 5: field messages', () => {
  it.each([
    ['email required', EMAIL_MESSAGES.required, 'Email is required'],
    ['email invalid', EMAIL_MESSAGES.invalid, 'Email is invalid'],
    ['email too long', EMAIL_MESSAGES.tooLong, 'The maximum character limit is 75'],
    ['phone invalid', PHONE_INVALID_MESSAGE, 'Phone number is invalid'],
  ])('%s: "%s"', (_what, actual, literal) => {
    expect(actual).toBe(literal);
  });
});
