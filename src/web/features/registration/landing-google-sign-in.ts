// The landing page's Google sign-in: the button in #sso-button-slot and the one-tap prompt in
// #google-yolo-prompt, run by the registration flow's own `step` (flow.ts). This runner carries out
// the commands in the landing page's terms: its observation vocabulary, the modal only when an offer
// follows. Loaded with import() only when a client id is configured for this host.
import type { LandingComponent } from '../../../shared/analytics/enums';
import type { GoogleSignInShell } from '../../../shared/page-data';
import { HIDE_SPOTLIGHT_STORAGE_KEY } from '../../../shared/registration/enums';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { logEvent } from '../analytics/event-logger';
import { observeLanding, type LandingAction } from '../analytics/landing-observations';
import { completeOneTap, googleLoginOrReg } from '../google-sign-in/google-api';
import { PHONE_MEDIA_QUERY, promptOneTap, renderGoogleButton } from '../google-sign-in/gsi';
import { initialFlowState, step, type FlowCommand, type FlowContext, type FlowEvent, type FlowState } from './flow';

export const LANDING_BUTTON_COMPONENT = 'google-sign-in-button';
export const LANDING_ONE_TAP_COMPONENT = 'google-one-tap';
/** The landing vocabulary's names (spec 3) for the button and the one-tap prompt. */
const OBSERVED_AS: Record<string, LandingComponent> = { [LANDING_BUTTON_COMPONENT]: 'single_sign_on', [LANDING_ONE_TAP_COMPONENT]: 'third_party_sign_up_prompt' };
const LANDING_ACTIONS = new Set<string>(['SSO_CLICK', 'SSO_SUCCESS', 'SSO_FAILURE'] satisfies LandingAction[]);

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

/** The flow's context for a sign-in from the landing page: it ends at next_url, else Suggested Jobs (spec 2.1). */
export function landingContext(componentId: string, search: string, hiddenLocally: boolean): FlowContext {
  const query = landingQuery(search);
  return {
    action: 'redirect',
    registrationType: 'default',
    source: 'landing',
    componentId,
    container: 'BUTTON',
    spotlightRequestedByUrl: false,
    spotlightHiddenLocally: hiddenLocally,
    emailValidationTest: null,
    ...(query.nextUrl ? { redirectUrl: query.nextUrl } : {}),
    ...(query.listingVersionKey ? { listingVersionKey: query.listingVersionKey } : {}),
  };
}

export interface LandingGoogleOptions {
  /** Shows (or, with null, clears) the failure message beside the button. */
  onError(message: string | null): void;
  navigate?(url: string): void;
}

function hiddenLocally(): boolean {
  try {
    return window.localStorage.getItem(HIDE_SPOTLIGHT_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function startLandingGoogleSignIn(config: GoogleSignInShell, options: LandingGoogleOptions): () => void {
  const slot = document.getElementById('sso-button-slot');
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));

  /** One sign-in attempt: the flow from its credential to its end, or to the modal for the offer that follows. */
  const signIn = (componentId: string, credential: string, oneTap: boolean) => {
    const component = OBSERVED_AS[componentId]!;
    // The sign-in needs no visit id: the location call is the modal's, if an offer follows.
    let state: FlowState = { ...initialFlowState(landingContext(componentId, window.location.search, hiddenLocally())), metaStatus: 'loaded' };
    // SSO_SUCCESS waits for what follows it: sent at once when the page is left next.
    let successPending = false;
    const sendSuccess = (leaving: boolean) => {
      if (!successPending) return;
      successPending = false;
      observeLanding(component, 'SSO_SUCCESS', { leaving });
    };
    const dispatch = (event: FlowEvent) => {
      const result = step(state, event);
      state = result.state;
      result.commands.forEach(execute);
    };
    const execute = (command: FlowCommand) => {
      switch (command.type) {
        case 'observe':
          // An offer follows (a returning person with missing email preferences): the modal continues the flow.
          if (command.form !== 'REGISTRATION' && command.action === 'DISPLAY') {
            handOver();
            return;
          }
          if (command.form !== 'REGISTRATION' || !LANDING_ACTIONS.has(command.action)) return;
          if (command.action === 'SSO_SUCCESS') {
            options.onError(null);
            logEvent('landing_sso', { component: 'single_sign_on', action: 'single_sign_on_success', is_new_registration: state.isNewRegistration });
            successPending = true;
            return;
          }
          if (command.action === 'SSO_FAILURE') {
            options.onError(state.error);
            logEvent('landing_sso', { component: 'single_sign_on', action: 'single_sign_on_failure' });
          }
          if (command.action === 'SSO_CLICK' && !oneTap) logEvent('landing_sso', { component: 'single_sign_on', action: 'click' });
          observeLanding(component, command.action as LandingAction);
          return;
        case 'reportError':
          console.error(command.message);
          void import('./api').then(({ createRegistrationApi }) =>
            createRegistrationApi().reportError({
              description: command.message.slice(0, 4000),
              category: command.category,
              error_message: command.message.slice(0, 2000),
              path: window.location.pathname,
              form_type: 'REGISTRATION',
            }),
          );
          return;
        case 'googleSignIn':
          if (!oneTap) {
            void googleLoginOrReg(command.credential, command.context).then((response) => dispatch({ type: 'googleAnswered', response }));
            return;
          }
          // Spec 4.3 one-tap: the callback runs with the response and the stored component state; a failure is raised.
          completeOneTap(command.credential, command.context, JSON.stringify({ componentId, ...(command.context.redirectUrl ? { redirectUrl: command.context.redirectUrl } : {}) }), (response) =>
            dispatch({ type: 'googleAnswered', response }),
          ).catch((error: unknown) =>
            dispatch({ type: 'googleAnswered', response: { success: false, errorMessage: error instanceof Error ? error.message : null, isNewRegistration: false } }),
          );
          return;
        case 'loadEligibility':
          void import('./api').then(async ({ createRegistrationApi }) => {
            const api = createRegistrationApi();
            const [spotlight, resubscribe] = await Promise.all([api.candidateSpotlightEligibility(), api.resubscribeEligibility()]);
            dispatch({ type: 'eligibilityAnswered', spotlight, resubscribe });
          });
          return;
        case 'finish':
          if (command.effect.kind === 'redirect') {
            sendSuccess(true);
            navigate(command.effect.url);
          }
          return;
        default:
          return;
      }
    };
    const handOver = () => {
      sendSuccess(false);
      const offered = state;
      void import('./open-registration').then(({ openRegistration }) =>
        openRegistration({ copyVariant: 'landingPage', source: 'landing', componentId, action: 'redirect', redirectUrl: offered.context.redirectUrl, startState: offered, opener: slot }),
      );
    };
    dispatch({ type: 'googleCredential', credential });
  };

  let forget: (() => void) | undefined;
  let stopped = false;
  if (slot) {
    renderGoogleButton(config, slot, (credential) => signIn(LANDING_BUTTON_COMPONENT, credential, false), window.matchMedia(PHONE_MEDIA_QUERY).matches)
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
  promptOneTap(config, (credential) => signIn(LANDING_ONE_TAP_COMPONENT, credential, true)).catch((error: unknown) => console.warn('Google one-tap unavailable', error));
  return () => {
    stopped = true;
    forget?.();
    window.google?.accounts?.id?.cancel();
  };
}
