// Calls of the Google sign-in flow (spec 7), without zod: this module loads on pages whose first
// script must stay small. Answers are checked field by field instead.
import { GOOGLE_SIGN_IN_PATH } from '../../../shared/google-sign-in/constants';
import type { GoogleSignInResponse } from '../../../shared/google-sign-in/contracts';
import { isRecord, request } from '../../../shared/http/request';
import { CALL_FAILURE_MESSAGES } from '../../../shared/registration/statuses';

export const GOOGLE_FAILURE_PREFIX = 'Unsuccessful call to Google Registration Api';
const NETWORK_MESSAGE = CALL_FAILURE_MESSAGES.network;
const GENERIC_MESSAGE = CALL_FAILURE_MESSAGES.server;

/** What the page knows when the person signs in with Google (spec 7's form fields). */
export interface GoogleSignInContext {
  source: string;
  componentId: string;
  redirectUrl?: string;
  listingVersionKey?: string;
  listingKey?: string;
  explicitOptIn?: boolean;
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
export async function googleLoginOrReg(token: string, context: GoogleSignInContext, fetcher?: typeof fetch): Promise<GoogleSignInResponse> {
  const form = new URLSearchParams({ token, source: context.source, component_id: context.componentId });
  if (context.redirectUrl) form.set('redirect_url', context.redirectUrl);
  if (context.listingVersionKey) form.set('listing_version_key', context.listingVersionKey);
  if (context.listingKey) form.set('listing_key', context.listingKey);
  if (context.explicitOptIn !== undefined) form.set('explicit_opt_in', String(context.explicitOptIn));
  const answer = await request({ method: 'POST', path: GOOGLE_SIGN_IN_PATH, form: Object.fromEntries(form), fetch: fetcher });
  if (answer.httpStatus === null) return { success: false, errorMessage: NETWORK_MESSAGE, isNewRegistration: false };
  return readGoogleAnswer(answer.ok, answer.httpStatus, answer.body ?? null);
}

/** The message shown and logged on failure (spec 7). */
export function googleFailureMessage(errorMessage: string | null): string {
  return `${GOOGLE_FAILURE_PREFIX}: ${errorMessage ?? GENERIC_MESSAGE}`;
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
  fetcher?: typeof fetch,
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
