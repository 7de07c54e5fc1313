// What happens after a successful Google sign-in (spec 4.3), as a pure function.
import { DEFAULT_REDIRECT_PATH } from '../../../shared/registration/enums';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import type { EligibilityFlags } from './google-api';

/** `url`: where the flow ends (after the resubscribe offer, when there is one). */
export type SignInOutcome = { kind: 'resubscribe'; url: string } | { kind: 'redirect'; url: string };

/**
 * Single sign-on success: the flow completes, with the resubscribe offer only for a returning account
 * whose email preferences are missing. Completing on the landing page goes to next_url when it is one
 * of our paths, else to Suggested Jobs (spec 2.1).
 */
export function outcomeAfterGoogleSignIn(isNewRegistration: boolean, flags: EligibilityFlags, nextUrl: string | null | undefined): SignInOutcome {
  const url = isSafeRedirect(nextUrl) ? nextUrl : DEFAULT_REDIRECT_PATH;
  return !isNewRegistration && flags.missingEmailPrefs ? { kind: 'resubscribe', url } : { kind: 'redirect', url };
}

/** Spec 7: on the landing page next_url and lvk pass through to the call. */
export function landingQuery(search: string): { nextUrl?: string; listingVersionKey?: string } {
  const params = new URLSearchParams(search);
  const nextUrl = params.get('next_url') ?? undefined;
  const listingVersionKey = params.get('lvk') ?? undefined;
  return {
    ...(isSafeRedirect(nextUrl) ? { nextUrl } : {}),
    ...(listingVersionKey && listingVersionKey.length <= 200 ? { listingVersionKey } : {}),
  };
}
