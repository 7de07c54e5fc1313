// The registration flow's calls (spec 7) and how their answers are read (spec 7 and 8).
// Loaded only with the modal chunk: it uses zod to check every answer at the boundary.
import { z } from 'zod';
import {
  CandidateSpotlightEligibilitySchema,
  EmailResubscribeResponseSchema,
  EmailValidationExperimentSchema,
  EmailValidationResponseSchema,
  OtpValidationResponseSchema,
  RegistrationResponseSchema,
  ResubscribeEligibilitySchema,
  TrackingMetaSchema,
  type EmailValidationExperiment,
  type OtpValidationRequestInput,
  type RegistrationRequestInput,
  type TrackingMeta,
} from '../../../shared/registration/contracts';
import { CALL_FAILURE_MESSAGES } from '../../../shared/registration/statuses';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';
import { readMessage, readStatus, request, type HttpRequest } from '../../../shared/http/request';

export { REGISTRATION_PATHS };

/** Either the checked answer, or why it failed in the words a person sees. */
export type CallResult<T> =
  | { ok: true; data: T; httpStatus: number }
  | {
      ok: false;
      /** The body's status, as a name or a number, when the server sent one. */
      status: string | number | null;
      message: string;
      /** null when the server was never reached. */
      httpStatus: number | null;
    };

export type ApiOptions = Pick<HttpRequest, 'fetch' | 'timeoutMs' | 'locationHref'>;

/** Sends one call through the shared helper and checks the answer with its schema. */
export async function call<S extends z.ZodType>(spec: Omit<HttpRequest, keyof ApiOptions>, schema: S, options: ApiOptions = {}): Promise<CallResult<z.infer<S>>> {
  const answer = await request({ ...spec, ...options });
  if (!answer.ok) return { ok: false, status: answer.status, message: answer.message, httpStatus: answer.httpStatus };
  const checked = schema.safeParse(answer.body);
  if (!checked.success) {
    return { ok: false, status: readStatus(answer.body), message: readMessage(answer.body) ?? CALL_FAILURE_MESSAGES.server, httpStatus: answer.httpStatus };
  }
  return { ok: true, data: checked.data, httpStatus: answer.httpStatus };
}

/** An answer whose body we do not read (SMS opt-in, error report, save). */
const Anything = z.unknown();

export function createRegistrationApi(options: ApiOptions = {}) {
  const get = <S extends z.ZodType>(path: string, schema: S) => call({ method: 'GET', path }, schema, options);
  const post = <S extends z.ZodType>(path: string, json: unknown, schema: S) => call({ method: 'POST', path, json }, schema, options);
  const withTest = (path: string, emailValidationTest?: string | null) =>
    emailValidationTest ? `${path}?${new URLSearchParams({ email_validation_test: emailValidationTest })}` : path;

  return {
    /** Spec 7: success only on 200; anything else is "getTrackingMeta call was not successful". */
    async location(): Promise<CallResult<TrackingMeta>> {
      const result = await get(REGISTRATION_PATHS.location, TrackingMetaSchema);
      if (result.ok && result.httpStatus !== 200) {
        return { ok: false, status: null, message: 'getTrackingMeta call was not successful', httpStatus: result.httpStatus };
      }
      return result;
    },
    register: (request: RegistrationRequestInput, emailValidationTest?: string | null) =>
      post(withTest(REGISTRATION_PATHS.register, emailValidationTest), request, RegistrationResponseSchema),
    validateOtp: (request: OtpValidationRequestInput) =>
      post(REGISTRATION_PATHS.otpValidation, { ...request, one_time_password: request.one_time_password.trim() }, OtpValidationResponseSchema),
    resubscribe: (request: { email: string; source: string; component_id: string }) =>
      post(REGISTRATION_PATHS.emailResubscribe, request, EmailResubscribeResponseSchema),
    candidateSpotlightEligibility: () => get(REGISTRATION_PATHS.candidateSpotlight, CandidateSpotlightEligibilitySchema),
    resubscribeEligibility: () => get(REGISTRATION_PATHS.resubscribeEligibility, ResubscribeEligibilitySchema),
    emailValidationExperiment: (emailValidationTest?: string | null): Promise<CallResult<EmailValidationExperiment>> =>
      get(withTest(REGISTRATION_PATHS.emailValidationExperiment, emailValidationTest), EmailValidationExperimentSchema),
    validateEmail: (request: { email: string; source: string; component_id: string }) =>
      post(REGISTRATION_PATHS.emailValidation, request, EmailValidationResponseSchema),
    smsOptIn: (request: { phone: string; reg_method: string }) =>
      post(REGISTRATION_PATHS.smsOptIn, { consent_action: 'next', ...request }, Anything),
    reportError: (request: { description: string; category?: string; error_message?: string; path?: string; form_type?: string }) =>
      post(REGISTRATION_PATHS.errorReport, request, Anything),
    /** Spec 7: form-encoded archive=0; a server error_message becomes an error. */
    async saveJob(listingKey: string | undefined): Promise<CallResult<unknown>> {
      const form: Record<string, string> = { archive: '0' };
      if (listingKey) form.listing_key = listingKey;
      const result = await call({ method: 'POST', path: REGISTRATION_PATHS.saveJob, form }, Anything, options);
      const message = result.ok ? readMessage(result.data) : null;
      if (result.ok && message) return { ok: false, status: readStatus(result.data), message, httpStatus: result.httpStatus };
      return result;
    },
  };
}

export type RegistrationApi = ReturnType<typeof createRegistrationApi>;
