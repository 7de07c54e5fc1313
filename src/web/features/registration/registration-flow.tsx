// Draws the current step of the flow (flow.ts decides the steps) and makes the calls (api.ts).
import { Component, lazy, Suspense, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { GoogleSignInShell } from '../../../shared/page-data';
import type { TrackingMeta } from '../../../shared/registration/contracts';
import type { ObservationAction } from '../../../shared/analytics/enums';
import { EMPLOYER_LOGIN_PATH, type CopyVariant, type FormContainer, type FormType, type PostRegistrationAction, type RegistrationType } from '../../../shared/registration/enums';
import { REGISTRATION_ERROR_MESSAGES, otpFormErrorMessage, OTP_FORM_MESSAGES } from '../../../shared/registration/statuses';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { logEvent } from '../analytics/event-logger';
import { getTracker } from '../analytics/tracker';
import { googleFailureMessage, googleLoginOrReg } from '../google-sign-in/google-api';
import { GoogleSsoButton } from '../google-sign-in/google-sso-button';
import { readGoogleSignInConfig } from '../google-sign-in/page-config';
import { useHydrated } from '../../shell/use-hydrated';
import { createRegistrationApi, type RegistrationApi } from './api';
import { registrationCopy, type SearchContext } from './copy';
import {
  afterRegistration,
  backFromConfirmation,
  failFlow,
  initialFlowState,
  isSpotlightHiddenLocally,
  markSpotlightShown,
  nextFormAfterOtp,
  nextFormAfterResubscribe,
  nextFormAfterSso,
  nextFormAfterSms,
  nextFormAfterSpotlight,
  postRegistrationAction,
  SPOTLIGHT_CONFIRM_TARGET,
  type EligibilityFlags,
  type FlowContext,
  type FlowState,
  type PostRegistrationEffect,
} from './flow';
import { createFlowObserver, type ObservationSink } from './flow-observations';
import { ConfirmationForm } from './forms/confirmation-form';
import { ErrorScreen } from './forms/error-screen';
import type { HeadingLevel } from './forms/form-parts';
import { OtpForm } from './forms/otp-form';
import { RegistrationForm } from './forms/registration-form';
import { ResubscribeForm } from './forms/resubscribe-form';
import { SpotlightForm } from './forms/spotlight-form';
import { observeEntryPoint } from '../spotlight/spotlight-observations';
import { browserEffectDeps, runPostRegistrationEffect } from './post-registration';
import './registration.css';

export interface RegistrationFlowOptions {
  copyVariant: CopyVariant;
  source: string;
  componentId: string;
  container?: FormContainer;
  action?: PostRegistrationAction;
  redirectUrl?: string;
  searchContext?: SearchContext;
  registrationType?: RegistrationType;
  /** On a page that answered a plain form post: the email typed there and the server's message. */
  initialEmail?: string;
  initialError?: string;
  /** On a page: where the email form posts when no script handles it (see SIGN_IN_FORM_PATHS). */
  nativeForm?: { action: string; fields: Record<string, string> };
  /** Partial login: the email is known; the form sends the code at once. */
  prefillEmail?: string;
  showRoleToggle?: boolean;
  /** The Google button shows when the page has a client id, unless the caller sets this false. */
  ssoEnabled?: boolean;
  /** Start after a Google sign-in made elsewhere (the landing page's button): the offers that follow it. */
  afterSso?: { isNewRegistration: boolean; flags: EligibilityFlags };
  /** Local typo check on unless the caller turns it off (decision 0033). */
  localValidation?: boolean;
  externalUrl?: string;
  onJobPage?: boolean;
  listingKey?: string;
  onComplete?: () => void;
}

export interface RegistrationFlowProps {
  options: RegistrationFlowOptions;
  headingId: string;
  headingLevel: HeadingLevel;
  api?: RegistrationApi;
  /** The modal follows `dismissible` and the form type. */
  onStateChange?(state: FlowState): void;
  /** Performs the end of the flow; the browser's navigation by default. */
  onFinish?(effect: PostRegistrationEffect): void;
  /** Test seam: the URL whose query holds showCandidateSpotlight and email_validation_test. */
  search?: string;
  storage?: Storage | null;
  /** Where observations go; the page's tracker by default. */
  observations?: ObservationSink;
  /** The person closed the modal on an offer after signing in: end the flow now. */
  endRequested?: boolean;
  /** The modal around the flow reports its Close and Back through this. */
  ref?: Ref<RegistrationFlowHandle>;
}

export interface RegistrationFlowHandle {
  /** The container was closed (Close, Escape, backdrop, drag) or left by its Back button, on the form shown. */
  observeLeaving(action: 'CLOSE' | 'BACK'): void;
}

/** How long leaving the page waits for the visit id and the beacon, at most. */
const LEAVE_WAIT_MS = 500;

// The phone library is large and few people reach the SMS offer: it loads when the offer shows.
const SmsForm = lazy(() => import('./forms/sms-form').then((module) => ({ default: module.SmsForm })));

const OFFER_FORMS = new Set<FlowState['form']>(['CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE', 'SMS']);
const EMAIL_VALIDATION_TEST_VALUES = new Set(['local_only', 'local_and_mailgun']);

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function logError(category: string, message: string) {
  logEvent('registration_error', { category, message });
}

/** Canadian visitors confirm a new account and opt in to email themselves (decision 0032). */
export function effectiveRegistrationType(type: RegistrationType, country: string | null): RegistrationType {
  return (country ?? '').toUpperCase() === 'CA' ? 'regConfirm' : type;
}

/** The page's tracker, reached only when something is observed: never while rendering on the server. */
const pageTracker: ObservationSink = {
  trackComponent: (event) => getTracker().trackComponent(event),
  trackRegistration: (observation) => getTracker().trackRegistration(observation),
  flush: () => getTracker().flush(),
};

const FORM_TYPES_SHOWN = new Set<FlowState['form']>(['REGISTRATION', 'REGISTRATION_CONFIRMATION', 'OTP', 'CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE', 'SMS']);

export function RegistrationFlow({ options, headingId, headingLevel, onStateChange, onFinish, endRequested, ref, ...seams }: RegistrationFlowProps) {
  const api = useMemo(() => seams.api ?? createRegistrationApi({ timeoutMs: 20_000 }), [seams.api]);
  const [state, setState] = useState<FlowState>(() =>
    options.afterSso
      ? nextFormAfterSso(initialFlowState, options.afterSso.isNewRegistration, options.afterSso.flags)
      : { ...initialFlowState, email: options.initialEmail ?? '', error: options.initialError ?? null },
  );
  // Read after mount, so a server-rendered form (the /jobseeker/register page) hydrates without a mismatch.
  const hydrated = useHydrated();
  const google = useMemo<GoogleSignInShell | null>(() => (hydrated ? readGoogleSignInConfig() : null), [hydrated]);
  const ssoEnabled = options.ssoEnabled !== false && google !== null;
  const [busy, setBusy] = useState(false);
  const [meta, setMeta] = useState<TrackingMeta | null>(null);
  const sink = seams.observations;
  const observe = useMemo(
    () =>
      createFlowObserver(sink ?? pageTracker, {
        source: options.source,
        componentId: options.componentId,
        container: options.container ?? 'MODAL',
        listingKey: options.listingKey,
        redirectUrl: options.redirectUrl,
      }),
    // The options are fixed for the flow's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sink],
  );
  const query = useMemo(() => new URLSearchParams(seams.search ?? (typeof window === 'undefined' ? '' : window.location.search)), [seams.search]);
  const emailValidationTest = EMAIL_VALIDATION_TEST_VALUES.has(query.get('email_validation_test') ?? '') ? query.get('email_validation_test') : null;
  // The URL parameter decides the validation variant and the experiment call is skipped (spec 7).
  const [validation, setValidation] = useState(() =>
    emailValidationTest
      ? { local: true, server: emailValidationTest === 'local_and_mailgun' }
      : { local: options.localValidation ?? true, server: false },
  );
  const [promptedAutoSubmit, setPromptedAutoSubmit] = useState(false);
  const [termsOnOtp, setTermsOnOtp] = useState(false);
  const metaPromise = useRef<Promise<TrackingMeta | null> | null>(null);
  const explicitOptIn = useRef<boolean | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);

  // Tracking metadata (visit id, country), asked for once per flow, by whatever needs it first.
  const loadMeta = useCallback(
    () =>
      (metaPromise.current ??= api.location().then((result) => {
        if (!result.ok) {
          logError('tracking_meta', result.message);
          return null;
        }
        setMeta(result.data);
        return result.data;
      })),
    [api],
  );
  // ... and the email-validation experiment.
  useEffect(() => {
    void loadMeta();
    if (!emailValidationTest) {
      void api.emailValidationExperiment().then((result) => {
        if (result.ok) {
          setValidation((current) => ({
            local: current.local || result.data.shouldPerformLocalValidation,
            server: result.data.shouldPerformMailgunValidation,
          }));
        }
      });
    }
  }, [api, emailValidationTest, loadMeta]);

  const storage = seams.storage === undefined ? safeStorage() : seams.storage;
  const context: FlowContext = {
    action: options.action ?? 'default',
    registrationType: effectiveRegistrationType(options.registrationType ?? 'default', meta?.country ?? null),
    source: options.source,
    componentId: options.componentId,
    country: meta?.country ?? null,
    spotlightRequestedByUrl: query.get('showCandidateSpotlight') === 'true',
    spotlightHiddenLocally: isSpotlightHiddenLocally(storage),
    redirectUrl: options.redirectUrl,
    externalUrl: options.externalUrl,
    onJobPage: options.onJobPage,
    listingKey: options.listingKey,
  };
  const contextRef = useRef(context);
  useEffect(() => {
    contextRef.current = context;
  });

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  // Observations wait for the visit id (the funnel counts visits); waiting on one promise keeps their order.
  const track = useCallback(
    (form: FormType, action: ObservationAction): Promise<void> =>
      loadMeta().then((tracking) => observe.component(form, action, tracking)),
    [observe, loadMeta],
  );
  // Before the flow navigates away itself: the observation is queued and sent at once, waiting briefly at most.
  // Sends what is queued once `queued` settles, waiting LEAVE_WAIT_MS at most; never fails.
  const sendQueued = useCallback(
    (queued: Promise<unknown>): Promise<unknown> => {
      const sent = queued.then(() => (sink ?? pageTracker).flush?.()).catch(() => undefined);
      return Promise.race([sent, new Promise((resolve) => setTimeout(resolve, LEAVE_WAIT_MS))]);
    },
    [sink],
  );
  const trackThenLeave = (form: FormType, action: ObservationAction, leave: () => void) => void sendQueued(track(form, action)).then(leave);
  const shownForm = useRef(state.form);
  useEffect(() => {
    shownForm.current = state.form;
  });
  useImperativeHandle(
    ref,
    () => ({
      observeLeaving(action) {
        const form = shownForm.current;
        if (FORM_TYPES_SHOWN.has(form)) void track(form as FormType, action);
      },
    }),
    [track],
  );
  const displayed = useRef<string | null>(null);
  // A layout effect, so the form's display is queued before anything the form's own effects report
  // (the partial-login automatic submit runs in one).
  useLayoutEffect(() => {
    if (state.form === 'DONE' || state.form === 'ERROR' || displayed.current === state.form) return;
    displayed.current = state.form;
    void track(state.form, 'DISPLAY');
  }, [state.form, track]);

  // A new step takes focus, so keyboard and screen-reader users land on it.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const root = rootRef.current;
    const target = root?.querySelector<HTMLElement>('input:not([readonly]):not([type="checkbox"])') ?? root?.querySelector<HTMLElement>('h1, h2');
    target?.focus();
  }, [state.form]);

  const finished = useRef(false);
  // Closing an offer after sign-in ends the flow there.
  const form = endRequested && state.dismissible && OFFER_FORMS.has(state.form) ? 'DONE' : state.form;
  useEffect(() => {
    if (form !== 'DONE' || finished.current) return;
    finished.current = true;
    const effect = postRegistrationAction(contextRef.current);
    if (onFinish) {
      onFinish(effect);
      return;
    }
    // The last steps' observations go before the flow may leave the page (redirect, reload), not only
    // with the pagehide beacon. Queued observations wait for the visit id, so wait for it too.
    const deps = browserEffectDeps({
      onComplete: options.onComplete,
      logError,
      fail: () => setState((current) => failFlow(current)),
      saveJob: async (listingKey) => {
        const result = await api.saveJob(listingKey);
        return result.ok ? { ok: true } : { ok: false, message: result.message };
      },
    });
    void sendQueued(loadMeta()).then(() => runPostRegistrationEffect(effect, deps));
  }, [form, onFinish, options.onComplete, api, sendQueued, loadMeta]);

  const registrationRequest = async (email: string, confirmed: boolean) => {
    const tracking = await loadMeta();
    const type = effectiveRegistrationType(options.registrationType ?? 'default', tracking?.country ?? null);
    return {
      metadata: { visitId: tracking?.visitId, countryCode: tracking?.country },
      form_data: { email, explicit_opt_in: explicitOptIn.current },
      listing_key: options.listingKey,
      source: options.source,
      component_id: options.componentId,
      method: 'EMAIL' as const,
      redirect_url: options.redirectUrl,
      enable_one_time_password: true,
      registration_confirmation_required: type === 'regConfirm' && !confirmed,
      email_verification_required: true as const,
      email_validation_required: false,
      // A registration from a results page asks for an email alert for that search (decision 0073).
      ...(options.searchContext ? { search_context: options.searchContext } : {}),
    };
  };

  const register = async (email: string, confirmed: boolean) => {
    setBusy(true);
    try {
      const result = await api.register(await registrationRequest(email, confirmed), emailValidationTest);
      const answer = result.ok ? { status: result.data.status } : { status: result.status, failureMessage: result.message };
      if (!result.ok) logError('credential', result.message);
      const form = confirmed ? 'REGISTRATION_CONFIRMATION' : 'REGISTRATION';
      const errorMessage = result.ok ? result.data.error_message : result.message;
      void loadMeta().then((tracking) => observe.registration(answer.status, errorMessage, tracking));
      const sent = answer.status === 'SUCCESS' || answer.status === 'SEND_OPT_EMAIL_SUCCESS';
      // The call worked and a code went out; a confirmation request is neither (the form asks first).
      if (sent) {
        void track(form, 'REGISTRATION_SUCCESS');
        void track(form, 'OTP_SEND_SUCCESS');
      } else if (answer.status !== 'REGISTRATION_CONFIRMATION_REQUIRED') {
        void track(form, 'REGISTRATION_FAILURE');
        if (answer.status === 'SEND_OPT_EMAIL_ERROR') void track(form, 'OTP_SEND_FAILURE');
      }
      setState((current) => afterRegistration(current, email, answer));
      return answer;
    } finally {
      setBusy(false);
    }
  };

  const fetchFlags = async (): Promise<EligibilityFlags> => {
    const [spotlight, resubscribe] = await Promise.all([api.candidateSpotlightEligibility(), api.resubscribeEligibility()]);
    // A failed eligibility call is logged and counts as not eligible (spec 8).
    if (!spotlight.ok) logError('base_form', `candidate_spotlight: ${spotlight.message}`);
    if (!resubscribe.ok) logError('base_form', `resubscribe_eligibility: ${resubscribe.message}`);
    return {
      showCandidateSpotlight: spotlight.ok && spotlight.data.show_candidate_spotlight,
      missingEmailPrefs: resubscribe.ok && resubscribe.data.missing_email_prefs,
    };
  };

  // Spec 4.3 single sign-on: on success the two flags are fetched and the flow completes (resubscribe
  // first for a returning account with missing preferences); on failure the message shows and is logged.
  const googleSignIn = async (credential: string) => {
    setBusy(true);
    try {
      // Google's button lives in its own frame: the returned credential is the first sign of the click.
      void track('REGISTRATION', 'SSO_CLICK');
      const response = await googleLoginOrReg(credential, {
        source: options.source,
        componentId: options.componentId,
        ...(isSafeRedirect(options.redirectUrl) ? { redirectUrl: options.redirectUrl } : {}),
        ...(options.listingKey ? { listingKey: options.listingKey } : {}),
        ...(explicitOptIn.current === undefined ? {} : { explicitOptIn: explicitOptIn.current }),
      });
      if (!response.success) {
        const message = googleFailureMessage(response.errorMessage);
        console.error(message);
        logError('credential', message);
        void track('REGISTRATION', 'SSO_FAILURE');
        setState((current) => ({ ...current, error: message, warning: null }));
        return;
      }
      void track('REGISTRATION', 'SSO_SUCCESS');
      const flags = await fetchFlags();
      setState((current) => nextFormAfterSso(current, response.isNewRegistration, flags));
    } finally {
      setBusy(false);
    }
  };

  const validateOtp = useCallback(
    async (code: string) => {
      setBusy(true);
      void track('OTP', 'SUBMIT');
      try {
        const tracking = await loadMeta();
        const result = await api.validateOtp({
          email: state.email,
          one_time_password: code,
          meta_data: { visitId: tracking?.visitId, countryCode: tracking?.country },
          listing_key: options.listingKey,
          source: options.source,
          component_id: options.componentId,
          method: 'EMAIL',
          redirect_url: options.redirectUrl,
          explicit_opt_in: explicitOptIn.current,
        });
        if (result.ok && result.data.status === 'SUCCESS') {
          void track('OTP', 'OTP_VALIDATION_SUCCESS');
          const flags = await fetchFlags();
          setState((current) => nextFormAfterOtp(contextRef.current, current, flags));
          return;
        }
        const status = result.ok ? result.data.status : typeof result.status === 'string' ? result.status : null;
        void track('OTP', 'OTP_VALIDATION_FAILURE');
        setState((current) => ({ ...current, error: otpFormErrorMessage(status) }));
      } finally {
        setBusy(false);
      }
    },
    // fetchFlags reads only api; the options are fixed for the flow's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, state.email, track],
  );

  const resend = async (): Promise<string | null> => {
    void track('OTP', 'RESEND');
    const result = await api.register(await registrationRequest(state.email, true), emailValidationTest);
    const resent = result.ok && (result.data.status === 'SUCCESS' || result.data.status === 'SEND_OPT_EMAIL_SUCCESS');
    void track('OTP', resent ? 'OTP_RESEND_SUCCESS' : 'OTP_RESEND_FAILURE');
    if (resent) {
      setState((current) => ({ ...current, error: null }));
      return null;
    }
    logError('credential', result.ok ? String(result.data.status) : result.message);
    // Not reached at all: the server-error wording; reached but refused: the resend wording.
    return !result.ok && result.httpStatus === null ? OTP_FORM_MESSAGES.serverError : OTP_FORM_MESSAGES.resendFailed;
  };

  const serverCheck = async (email: string): Promise<string | null> => {
    const result = await api.validateEmail({ email, source: options.source, component_id: options.componentId });
    if (!result.ok) {
      logError('base_form', `email_validation: ${result.message}`);
      return null;
    }
    return result.data.status === 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN' ? REGISTRATION_ERROR_MESSAGES.MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN : null;
  };

  const onSpotlightShown = useCallback(() => {
    if (storage) markSpotlightShown(storage);
    // The spotlight's own entry-point observation (its source: registration/login), beside the form's.
    observeEntryPoint({ source: 'REGISTRATION_LOGIN' }, 'impression');
  }, [storage]);

  const props = { headingId, headingLevel };
  let body: ReactNode;
  switch (form) {
    case 'REGISTRATION':
      body = (
        <RegistrationForm
          {...props}
          copy={registrationCopy(options.copyVariant, options.searchContext)}
          initialEmail={state.email || options.prefillEmail}
          error={state.error}
          warning={state.warning}
          busy={busy}
          showRoleToggle={options.showRoleToggle}
          ssoEnabled={ssoEnabled}
          ssoButton={google ? <GoogleSsoButton config={google} onCredential={(credential) => void googleSignIn(credential)} /> : null}
          localValidation={validation.local}
          serverValidation={validation.server}
          autoSubmit={Boolean(options.prefillEmail) && !promptedAutoSubmit}
          onEmployer={() => trackThenLeave('REGISTRATION', 'TOGGLE_EMPLOYER', () => window.location.assign(EMPLOYER_LOGIN_PATH))}
          onObserve={(action) => void track('REGISTRATION', action)}
          onSubmit={(email) => {
            const automatic = Boolean(options.prefillEmail) && !promptedAutoSubmit;
            setPromptedAutoSubmit(true);
            void track('REGISTRATION', automatic ? 'PARTIAL_LOGIN_AUTO_SUBMIT' : 'SUBMIT');
            void register(email, false).then((answer) => {
              const sent = answer.status === 'SUCCESS' || answer.status === 'SEND_OPT_EMAIL_SUCCESS';
              // Partial login: the terms footer shows on the OTP form; a failure is logged and hides it.
              if (automatic) {
                setTermsOnOtp(sent);
                if (!sent) logError('base_form', 'partial-login automatic submit failed');
              }
            });
          }}
          onServerCheck={serverCheck}
          nativeForm={options.nativeForm}
        />
      );
      break;
    case 'REGISTRATION_CONFIRMATION':
      body = (
        <ConfirmationForm
          {...props}
          email={state.email}
          showEmailAlerts={(meta?.country ?? '').toUpperCase() === 'CA'}
          error={state.error}
          busy={busy}
          onContinue={(optIn) => {
            void track('REGISTRATION_CONFIRMATION', 'CONTINUE');
            explicitOptIn.current = optIn;
            void register(state.email, true);
          }}
          onBack={() => {
            void track('REGISTRATION_CONFIRMATION', 'BACK');
            setState(backFromConfirmation);
          }}
        />
      );
      break;
    case 'OTP':
      body = (
        <OtpForm
          {...props}
          email={state.email}
          isNewRegistration={state.isNewRegistration}
          error={state.error}
          busy={busy}
          showMaintenanceWarning={false}
          showTerms={termsOnOtp}
          onSubmit={(code) => void validateOtp(code)}
          onResend={resend}
          onCodeEdited={() => setState((current) => (current.error ? { ...current, error: null } : current))}
        />
      );
      break;
    case 'CANDIDATE_SPOTLIGHT':
      body = (
        <SpotlightForm
          {...props}
          onShown={onSpotlightShown}
          onConfirm={() => {
            observeEntryPoint({ source: 'REGISTRATION_LOGIN' }, 'click');
            trackThenLeave('CANDIDATE_SPOTLIGHT', 'CONTINUE', () => window.location.assign(SPOTLIGHT_CONFIRM_TARGET));
          }}
          onSkip={() => {
            void track('CANDIDATE_SPOTLIGHT', 'SKIP');
            setState((current) => nextFormAfterSpotlight(contextRef.current, current));
          }}
        />
      );
      break;
    case 'RESUBSCRIBE':
      body = (
        <ResubscribeForm
          {...props}
          busy={busy}
          onResubscribe={() => {
            void track('RESUBSCRIBE', 'CONTINUE');
            setBusy(true);
            void api
              .resubscribe({ email: state.email, source: options.source, component_id: options.componentId })
              .then((result) => {
                // The flow goes on whether it worked or not (spec 4.3); a failure is logged.
                const resubscribed = result.ok && result.data.status === 'EMAIL_RESUBSCRIBE_SUCCESS';
                void track('RESUBSCRIBE', resubscribed ? 'EMAIL_RESUBSCRIPTION_SUCCESS' : 'EMAIL_RESUBSCRIPTION_FAILURE');
                if (!resubscribed) logError('base_form', 'email resubscribe failed');
              })
              .finally(() => {
                setBusy(false);
                setState((current) => nextFormAfterResubscribe(contextRef.current, current));
              });
          }}
          onSkip={() => {
            void track('RESUBSCRIBE', 'SKIP');
            setState((current) => nextFormAfterResubscribe(contextRef.current, current));
          }}
        />
      );
      break;
    case 'SMS':
      body = (
        <SmsForm
          {...props}
          busy={busy}
          onContinue={(phone) => {
            void track('SMS', 'CONTINUE');
            setBusy(true);
            void api
              .smsOptIn({ phone, reg_method: options.componentId })
              .then((result) => {
                void track('SMS', result.ok ? 'SMS_OPT_IN_SUCCESS' : 'SMS_OPT_IN_FAILURE');
                if (!result.ok) logError('base_form', `sms opt-in failed: ${result.message}`);
              })
              .finally(() => {
                setBusy(false);
                setState(nextFormAfterSms);
              });
          }}
          onSkip={() => {
            void track('SMS', 'SKIP');
            setState(nextFormAfterSms);
          }}
        />
      );
      break;
    case 'ERROR':
      body = (
        <ErrorScreen
          {...props}
          onTryAgain={() => setState(initialFlowState)}
          onReport={async (description) =>
            (await api.reportError({ description, category: 'base_form', path: window.location.pathname, form_type: 'ERROR' })).ok
          }
        />
      );
      break;
    case 'DONE':
      body = (
        <div className="reg-form" role="status">
          <p id={headingId} className="reg-form__title" tabIndex={-1}>
            You’re signed in.
          </p>
        </div>
      );
      break;
  }
  return (
    <div ref={rootRef} className="reg-flow" data-form={state.form}>
      <FlowErrorBoundary onError={() => setState(failFlow)}>
        <Suspense fallback={<p role="status">Loading…</p>}>{body}</Suspense>
      </FlowErrorBoundary>
    </div>
  );
}

/** A rendering failure shows the generic error screen instead of a blank modal. */
class FlowErrorBoundary extends Component<{ children: ReactNode; onError(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    logError('base_form', error instanceof Error ? error.message : 'render failed');
    this.props.onError();
    this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
