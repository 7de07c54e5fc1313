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

export const REGISTRATION_PATHS = {
  location: '/jobseeker/register/location',
  register: '/jobseeker/register',
  otpValidation: '/jobseeker/register/otp_validation',
  emailResubscribe: '/jobseeker/register/email_resubscribe',
  candidateSpotlight: '/jobseeker/register/candidate_spotlight',
  resubscribeEligibility: '/jobseeker/register/resubscribe_eligibility',
  emailValidationExperiment: '/jobseeker/register/email_validation_experiment',
  emailValidation: '/jobseeker/register/email_validation',
  errorReport: '/jobseeker/register/error_report',
  smsOptIn: '/candidate/smsoptin',
  saveJob: '/candidate/toggle_job_save',
} as const;

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

export interface ApiOptions {
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** Aborts the request after this many milliseconds (spec 7: optional timeout). */
  timeoutMs?: number;
  /** The page's address, sent as Document-Location-Href. */
  locationHref?: string;
}

type Method = 'GET' | 'POST';

interface Request {
  method: Method;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
}

function readStatus(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || !('status' in body)) return null;
  const status = body.status;
  return typeof status === 'string' || typeof status === 'number' ? status : null;
}

function readMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  for (const key of ['error', 'error_message'] as const) {
    const value = key in body ? (body as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** Sends one call; every failure becomes a CallResult with spec 7's wording. */
export async function call<S extends z.ZodType>(request: Request, schema: S, options: ApiOptions = {}): Promise<CallResult<z.infer<S>>> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const timer = options.timeoutMs ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'document-location-href': options.locationHref ?? (typeof window === 'undefined' ? '' : window.location.href),
  };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }

  let response: Response;
  try {
    response = await fetchImpl(request.path, { method: request.method, headers, body, credentials: 'same-origin', signal: controller.signal });
  } catch {
    clearTimeout(timer);
    return { ok: false, status: null, message: CALL_FAILURE_MESSAGES.network, httpStatus: null };
  }

  let parsed: unknown = undefined;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const message = response.status >= 500 ? null : readMessage(parsed);
    return { ok: false, status: readStatus(parsed), message: message ?? CALL_FAILURE_MESSAGES.server, httpStatus: response.status };
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    return { ok: false, status: readStatus(parsed), message: readMessage(parsed) ?? CALL_FAILURE_MESSAGES.server, httpStatus: response.status };
  }
  return { ok: true, data: checked.data, httpStatus: response.status };
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
