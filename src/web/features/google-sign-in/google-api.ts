// Calls of the Google sign-in flow (spec 7), without zod: this module loads on pages whose first
// script must stay small. Answers are checked field by field instead.
import { GOOGLE_SIGN_IN_PATH } from '../../../shared/google-sign-in/constants';
import type { GoogleSignInResponse } from '../../../shared/google-sign-in/contracts';

export const GOOGLE_FAILURE_PREFIX = 'Unsuccessful call to Google Registration Api';
const NETWORK_MESSAGE = 'We were unable to contact our servers. Please try again.';
const GENERIC_MESSAGE = 'Error. Something went wrong. We were unable to complete your last action... please try again.';

/** What the page knows when the person signs in with Google (spec 7's form fields). */
export interface GoogleSignInContext {
  source: string;
  componentId: string;
  redirectUrl?: string;
  listingVersionKey?: string;
  listingKey?: string;
  explicitOptIn?: boolean;
}

function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'x-requested-with': 'XMLHttpRequest', 'document-location-href': window.location.href, accept: 'application/json', ...extra };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an answer of the endpoint (or the shared 4xx body: status, error_message) into the spec's result. */
export function readGoogleAnswer(ok: boolean, status: number, body: unknown): GoogleSignInResponse {
  if (isRecord(body) && typeof body.success === 'boolean') {
    const errorMessage = typeof body.errorMessage === 'string' ? body.errorMessage : null;
    const redirectUrl = typeof body.redirectUrl === 'string' ? body.redirectUrl : undefined;
    return {
      success: ok && body.success,
      errorMessage: ok && body.success ? null : (errorMessage ?? GENERIC_MESSAGE),
      isNewRegistration: body.isNewRegistration === true,
      ...(redirectUrl ? { redirectUrl } : {}),
    };
  }
  const message = isRecord(body) && typeof body.error_message === 'string' && status < 500 ? body.error_message : GENERIC_MESSAGE;
  return { success: false, errorMessage: message, isNewRegistration: false };
}

/** POST /authn/jobseeker/google_login_or_reg as form data; never throws (a network failure is an answer too). */
export async function googleLoginOrReg(token: string, context: GoogleSignInContext, fetcher: typeof fetch = fetch): Promise<GoogleSignInResponse> {
  const form = new URLSearchParams({ token, source: context.source, component_id: context.componentId });
  if (context.redirectUrl) form.set('redirect_url', context.redirectUrl);
  if (context.listingVersionKey) form.set('listing_version_key', context.listingVersionKey);
  if (context.listingKey) form.set('listing_key', context.listingKey);
  if (context.explicitOptIn !== undefined) form.set('explicit_opt_in', String(context.explicitOptIn));
  let response: Response;
  try {
    response = await fetcher(GOOGLE_SIGN_IN_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: apiHeaders({ 'content-type': 'application/x-www-form-urlencoded' }),
      body: form.toString(),
    });
  } catch {
    return { success: false, errorMessage: NETWORK_MESSAGE, isNewRegistration: false };
  }
  const body: unknown = await response.json().catch(() => null);
  return readGoogleAnswer(response.ok, response.status, body);
}

/** The message shown and logged on failure (spec 7). */
export function googleFailureMessage(errorMessage: string | null): string {
  return `${GOOGLE_FAILURE_PREFIX}: ${errorMessage ?? GENERIC_MESSAGE}`;
}

/** The two eligibility flags fetched after a sign-in; a failed call counts as not eligible (spec 8). */
export interface EligibilityFlags {
  showCandidateSpotlight: boolean;
  missingEmailPrefs: boolean;
}

async function readFlag(path: string, field: string, fetcher: typeof fetch): Promise<boolean> {
  try {
    const response = await fetcher(path, { credentials: 'same-origin', headers: apiHeaders() });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const body: unknown = await response.json();
    return isRecord(body) && body[field] === true;
  } catch (error) {
    console.warn('eligibility call failed', error);
    return false;
  }
}

export async function fetchEligibilityFlags(fetcher: typeof fetch = fetch): Promise<EligibilityFlags> {
  const [showCandidateSpotlight, missingEmailPrefs] = await Promise.all([
    readFlag('/jobseeker/register/candidate_spotlight', 'show_candidate_spotlight', fetcher),
    readFlag('/jobseeker/register/resubscribe_eligibility', 'missing_email_prefs', fetcher),
  ]);
  return { showCandidateSpotlight, missingEmailPrefs };
}

/** Sends a tagged error to the error-report service (category credential); never throws. */
export function reportGoogleFailure(message: string, fetcher: typeof fetch = fetch): void {
  void fetcher('/jobseeker/register/error_report', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: apiHeaders({ 'content-type': 'application/json' }),
    body: JSON.stringify({ description: message.slice(0, 4000), category: 'credential', error_message: message.slice(0, 2000), path: window.location.pathname, form_type: 'REGISTRATION' }),
  }).catch(() => undefined);
}

/** Spec 3: the component-state object, serialised as JSON. */
export interface ComponentState {
  componentId: string;
  redirectUrl?: string;
}

/**
 * Spec 4.3 one-tap: after a credential returns, the sign-in call is made; on success the optional
 * callback runs with the response and the stored component state; otherwise an error carrying the
 * server's message is raised.
 */
export async function completeOneTap(
  credential: string,
  context: GoogleSignInContext,
  storedComponentState: string,
  callback?: (response: GoogleSignInResponse, componentState: ComponentState | null) => void | Promise<void>,
  fetcher: typeof fetch = fetch,
): Promise<GoogleSignInResponse> {
  const response = await googleLoginOrReg(credential, context, fetcher);
  if (!response.success) throw new Error(googleFailureMessage(response.errorMessage));
  await callback?.(response, parseComponentState(storedComponentState));
  return response;
}

export function parseComponentState(text: string): ComponentState | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || typeof value.componentId !== 'string') return null;
    return { componentId: value.componentId, ...(typeof value.redirectUrl === 'string' ? { redirectUrl: value.redirectUrl } : {}) };
  } catch {
    return null;
  }
}
