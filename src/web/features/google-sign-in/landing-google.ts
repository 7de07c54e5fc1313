// The landing page's Google sign-in: the button in #sso-button-slot and the one-tap prompt in
// #google-yolo-prompt. Loaded with import() only when a client id is configured for this host.
import type { GoogleSignInShell } from '../../../shared/page-data';
import type { LandingComponent } from '../../../shared/analytics/enums';
import { logEvent } from '../analytics/event-logger';
import { observeLanding } from '../analytics/landing-observations';
import {
  completeOneTap,
  fetchEligibilityFlags,
  googleFailureMessage,
  googleLoginOrReg,
  reportGoogleFailure,
  type GoogleSignInContext,
} from './google-api';
import { PHONE_MEDIA_QUERY, promptOneTap, renderGoogleButton } from './gsi';
import { landingQuery, outcomeAfterGoogleSignIn } from './sign-in-outcome';

export const LANDING_BUTTON_COMPONENT = 'google-sign-in-button';
export const LANDING_ONE_TAP_COMPONENT = 'google-one-tap';
/** The landing vocabulary's names (spec 3) for the button and the one-tap prompt. */
const OBSERVED_AS: Record<string, LandingComponent> = { [LANDING_BUTTON_COMPONENT]: 'single_sign_on', [LANDING_ONE_TAP_COMPONENT]: 'third_party_sign_up_prompt' };

export interface LandingGoogleOptions {
  /** Shows (or, with null, clears) the failure message beside the button. */
  onError(message: string | null): void;
  navigate?(url: string): void;
}

export function startLandingGoogleSignIn(config: GoogleSignInShell, options: LandingGoogleOptions): () => void {
  const slot = document.getElementById('sso-button-slot');
  const query = landingQuery(window.location.search);
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const context = (componentId: string): GoogleSignInContext => ({
    source: 'landing',
    componentId,
    ...(query.nextUrl ? { redirectUrl: query.nextUrl } : {}),
    ...(query.listingVersionKey ? { listingVersionKey: query.listingVersionKey } : {}),
  });

  const fail = (message: string, componentId: string) => {
    options.onError(message);
    console.error(message);
    reportGoogleFailure(message);
    logEvent('landing_sso', { component: 'single_sign_on', action: 'single_sign_on_failure' });
    observeLanding(OBSERVED_AS[componentId]!, 'SSO_FAILURE');
  };

  const complete = async (isNewRegistration: boolean, componentId: string) => {
    options.onError(null);
    logEvent('landing_sso', { component: 'single_sign_on', action: 'single_sign_on_success', is_new_registration: isNewRegistration });
    const flags = await fetchEligibilityFlags();
    const outcome = outcomeAfterGoogleSignIn(isNewRegistration, flags, query.nextUrl);
    if (outcome.kind === 'redirect') {
      // Sent at once: the page is left next.
      observeLanding(OBSERVED_AS[componentId]!, 'SSO_SUCCESS', { leaving: true });
      navigate(outcome.url);
      return;
    }
    observeLanding(OBSERVED_AS[componentId]!, 'SSO_SUCCESS');
    // A returning person with missing email preferences: the registration modal opens on the
    // resubscribe offer, and the flow then ends at the same address.
    const { openRegistration } = await import('../registration/open-registration');
    openRegistration({
      copyVariant: 'landingPage',
      source: 'landing',
      componentId,
      action: 'redirect',
      redirectUrl: outcome.url,
      afterSso: { isNewRegistration, flags },
      opener: slot,
    });
  };

  const onButtonCredential = (credential: string) => {
    logEvent('landing_sso', { component: 'single_sign_on', action: 'click' });
    // Google's button lives in its own frame: the returned credential is the first sign of the click.
    observeLanding('single_sign_on', 'SSO_CLICK');
    void googleLoginOrReg(credential, context(LANDING_BUTTON_COMPONENT)).then((response) =>
      response.success ? complete(response.isNewRegistration, LANDING_BUTTON_COMPONENT) : fail(googleFailureMessage(response.errorMessage), LANDING_BUTTON_COMPONENT),
    );
  };

  const componentState = JSON.stringify({ componentId: LANDING_ONE_TAP_COMPONENT, ...(query.nextUrl ? { redirectUrl: query.nextUrl } : {}) });
  const onOneTapCredential = (credential: string) => {
    observeLanding('third_party_sign_up_prompt', 'SSO_CLICK');
    completeOneTap(credential, context(LANDING_ONE_TAP_COMPONENT), componentState, (response) => complete(response.isNewRegistration, LANDING_ONE_TAP_COMPONENT)).catch((error: unknown) =>
      fail(error instanceof Error ? error.message : googleFailureMessage(null), LANDING_ONE_TAP_COMPONENT),
    );
  };

  let forget: (() => void) | undefined;
  let stopped = false;
  if (slot) {
    renderGoogleButton(config, slot, onButtonCredential, window.matchMedia(PHONE_MEDIA_QUERY).matches)
      .then((unregister) => {
        if (stopped) unregister();
        else {
          forget = unregister;
          observeLanding('single_sign_on', 'DISPLAY');
        }
      })
      // Google unreachable (blocked, offline): the Get Started button still works; nothing to show.
      .catch((error: unknown) => console.warn('Google sign-in unavailable', error));
  }
  promptOneTap(config, onOneTapCredential).catch((error: unknown) => console.warn('Google one-tap unavailable', error));
  return () => {
    stopped = true;
    forget?.();
    window.google?.accounts?.id?.cancel();
  };
}
