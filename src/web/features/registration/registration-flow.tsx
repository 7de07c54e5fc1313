// The runner of the registration flow: it draws the form `step` (flow.ts) chose and carries out the
// commands `step` returned, feeding each call's answer back as an event. No rule of spec 4.3 lives here.
import { Component, lazy, Suspense, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { GoogleSignInShell } from '../../../shared/page-data';
import { confirmsAndOptsIn } from '../../../shared/registration/country';
import type { TrackingMeta } from '../../../shared/registration/contracts';
import type { CopyVariant, ErrorCategory, FormContainer, PostRegistrationAction, RegistrationType } from '../../../shared/registration/enums';
import { HIDE_SPOTLIGHT_STORAGE_KEY } from '../../../shared/registration/enums';
import { logEvent } from '../analytics/event-logger';
import { getTracker } from '../analytics/tracker';
import { googleLoginOrReg } from '../google-sign-in/google-api';
import { GoogleSsoButton } from '../google-sign-in/google-sso-button';
import { readGoogleSignInConfig } from '../google-sign-in/page-config';
import { useHydrated } from '../../shell/use-hydrated';
import { createRegistrationApi, type CallResult, type RegistrationApi } from './api';
import { registrationCopy, type SearchContext } from './copy';
import {
  initialFlowState,
  resumeFlow,
  serverCheckWarning,
  step,
  type EmailValidationTest,
  type FlowCommand,
  type FlowContext,
  type FlowEvent,
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
  /** Partial login: the email is known; the flow sends the code at once. */
  prefillEmail?: string;
  showRoleToggle?: boolean;
  /** The Google button shows when the page has a client id, unless the caller sets this false. */
  ssoEnabled?: boolean;
  /** Continue a flow another runner started (the landing page's Google sign-in): its state, as `step` left it. */
  startState?: FlowState;
  /** Local typo check on unless the caller turns it off (decision 0033). */
  localValidation?: boolean;
  externalUrl?: string;
  onJobPage?: boolean;
  listingKey?: string;
  listingVersionKey?: string;
  onComplete?: () => void;
}

export interface RegistrationFlowProps {
  options: RegistrationFlowOptions;
  headingId: string;
  headingLevel: HeadingLevel;
  api?: RegistrationApi;
  /** The modal follows `dismissible` and the form type. */
  onStateChange?(state: FlowState): void;
  /** The flow asks its container to close (a modal closes; a page has nothing to close). */
  onClose?(): void;
  /** Performs the end of the flow; the browser's navigation by default. */
  onFinish?(effect: PostRegistrationEffect): void;
  /** Test seam: the URL whose query holds showCandidateSpotlight and email_validation_test. */
  search?: string;
  storage?: Storage | null;
  /** Where observations go; the page's tracker by default. */
  observations?: ObservationSink;
  /** The modal around the flow reports its Close and Back through this. */
  ref?: Ref<RegistrationFlowHandle>;
}

export interface RegistrationFlowHandle {
  /** The container was closed (Close, Escape, backdrop, drag) or left by its Back button. */
  leave(action: 'CLOSE' | 'BACK'): void;
}

/** How long leaving the page waits for the visit id and the beacon, at most. */
const LEAVE_WAIT_MS = 500;

// The phone library is large and few people reach the SMS offer: it loads when the offer shows.
const SmsForm = lazy(() => import('./forms/sms-form').then((module) => ({ default: module.SmsForm })));

const EMAIL_VALIDATION_TESTS = new Set<string>(['local_only', 'local_and_mailgun'] satisfies EmailValidationTest[]);

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The page's tracker, reached only when something is observed: never while rendering on the server. */
const pageTracker: ObservationSink = {
  trackComponent: (event) => getTracker().trackComponent(event),
  trackRegistration: (observation) => getTracker().trackRegistration(observation),
  trackSpotlight: (record) => getTracker().observe('CandidateSpotlightObservation', record),
  flush: () => getTracker().flush(),
};

/** What the page and the caller said, read once: the flow's fixed context. */
export function flowContext(options: RegistrationFlowOptions, search: string, storage: Pick<Storage, 'getItem'> | null): FlowContext {
  const query = new URLSearchParams(search);
  const test = query.get('email_validation_test') ?? '';
  return {
    action: options.action ?? 'default',
    registrationType: options.registrationType ?? 'default',
    source: options.source,
    componentId: options.componentId,
    container: options.container ?? 'MODAL',
    spotlightRequestedByUrl: query.get('showCandidateSpotlight') === 'true',
    spotlightHiddenLocally: storage?.getItem(HIDE_SPOTLIGHT_STORAGE_KEY) === 'true',
    emailValidationTest: EMAIL_VALIDATION_TESTS.has(test) ? (test as EmailValidationTest) : null,
    ...(options.prefillEmail ? { prefillEmail: options.prefillEmail } : {}),
    ...(options.redirectUrl !== undefined ? { redirectUrl: options.redirectUrl } : {}),
    ...(options.externalUrl ? { externalUrl: options.externalUrl } : {}),
    ...(options.onJobPage ? { onJobPage: true } : {}),
    ...(options.listingKey ? { listingKey: options.listingKey } : {}),
    ...(options.listingVersionKey ? { listingVersionKey: options.listingVersionKey } : {}),
    ...(options.searchContext ? { searchContext: options.searchContext } : {}),
  };
}

function firstState(options: RegistrationFlowOptions, context: FlowContext): FlowState {
  if (options.startState) return resumeFlow(options.startState, context);
  const state = initialFlowState(context, { email: options.initialEmail, error: options.initialError });
  return options.localValidation === false ? { ...state, validation: { ...state.validation, local: context.emailValidationTest !== null } } : state;
}

export function RegistrationFlow({ options, headingId, headingLevel, onStateChange, onClose, onFinish, ref, ...seams }: RegistrationFlowProps) {
  const api = useMemo(() => seams.api ?? createRegistrationApi({ timeoutMs: 20_000 }), [seams.api]);
  const sink = seams.observations ?? pageTracker;
  const [storage] = useState(() => (seams.storage === undefined ? safeStorage() : seams.storage));
  const [context] = useState(() => flowContext(options, seams.search ?? (typeof window === 'undefined' ? '' : window.location.search), storage));
  const [state, setState] = useState<FlowState>(() => firstState(options, context));
  const stateRef = useRef(state);
  // Read after mount, so a server-rendered form (the /jobseeker/register page) hydrates without a mismatch.
  const hydrated = useHydrated();
  const google = useMemo<GoogleSignInShell | null>(() => (hydrated ? readGoogleSignInConfig() : null), [hydrated]);
  const ssoEnabled = options.ssoEnabled !== false && google !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const observer = useMemo(() => createFlowObserver(sink, context), [sink, context]);

  // The location call, made once; observations wait for its visit id (the funnel counts visits), and
  // waiting on one promise keeps their order.
  const metaCall = useRef<Promise<CallResult<TrackingMeta>> | null>(null);
  const metaForObservations = useRef<Promise<TrackingMeta | null> | null>(null);
  const loadMeta = useCallback(() => {
    metaCall.current ??= api.location();
    metaForObservations.current ??= metaCall.current.then((result) => (result.ok ? result.data : null));
    return metaForObservations.current;
  }, [api]);
  // Sends what is queued once the visit id is known, waiting LEAVE_WAIT_MS at most; never fails.
  const sendQueued = useCallback((): Promise<unknown> => {
    const sent = loadMeta()
      .then(() => sink.flush?.())
      .catch(() => undefined);
    return Promise.race([sent, new Promise((resolve) => setTimeout(resolve, LEAVE_WAIT_MS))]);
  }, [loadMeta, sink]);

  const dispatchRef = useRef<(event: FlowEvent) => void>(() => undefined);
  const reportError = useCallback(
    (category: ErrorCategory, message: string, form: string) => {
      logEvent('registration_error', { category, message });
      const path = typeof window === 'undefined' ? undefined : window.location.pathname;
      void api.reportError({ description: message.slice(0, 4000), category, error_message: message.slice(0, 2000), path, form_type: form });
    },
    [api],
  );

  const execute = useCallback(
    (command: FlowCommand) => {
      const dispatch = (event: FlowEvent) => dispatchRef.current(event);
      switch (command.type) {
        case 'observe':
          void loadMeta().then((meta) => observer.component(command.form, command.action, meta));
          return;
        case 'observeRegistration':
          void loadMeta().then((meta) => observer.registration(command.status, command.errorMessage, meta));
          return;
        case 'observeSpotlightEntryPoint':
          void loadMeta().then((meta) => observer.spotlightEntryPoint(command.subtype, meta));
          return;
        case 'reportError':
          reportError(command.category, command.message, command.form);
          return;
        case 'loadMeta':
          void loadMeta().then(() =>
            metaCall.current!.then((result) => dispatch(result.ok ? { type: 'metaLoaded', meta: result.data } : { type: 'metaFailed', message: result.message })),
          );
          return;
        case 'loadExperiment':
          void api.emailValidationExperiment().then((result) => dispatch({ type: 'experimentAnswered', result }));
          return;
        case 'register':
          void api
            .register(command.request, command.emailValidationTest)
            .then((result) => dispatch(command.purpose === 'resend' ? { type: 'resendAnswered', result } : { type: 'registrationAnswered', result }));
          return;
        case 'validateOtp':
          void api.validateOtp(command.request).then((result) => dispatch({ type: 'otpAnswered', result }));
          return;
        case 'googleSignIn':
          void googleLoginOrReg(command.credential, command.context).then((response) => dispatch({ type: 'googleAnswered', response }));
          return;
        case 'loadEligibility':
          void Promise.all([api.candidateSpotlightEligibility(), api.resubscribeEligibility()]).then(([spotlight, resubscribe]) =>
            dispatch({ type: 'eligibilityAnswered', spotlight, resubscribe }),
          );
          return;
        case 'resubscribe':
          void api.resubscribe(command.request).then((result) => dispatch({ type: 'resubscribeAnswered', result }));
          return;
        case 'smsOptIn':
          void api.smsOptIn(command.request).then((result) => dispatch({ type: 'smsAnswered', result }));
          return;
        case 'hideSpotlight':
          try {
            storage?.setItem(HIDE_SPOTLIGHT_STORAGE_KEY, 'true');
          } catch {
            // Storage full or refused: the offer may show again next time, nothing worse.
          }
          return;
        case 'leave':
          void sendQueued().then(() => window.location.assign(command.url));
          return;
        case 'close':
          onClose?.();
          return;
        case 'finish': {
          if (onFinish) {
            onFinish(command.effect);
            return;
          }
          // The last steps' observations go before the flow may leave the page (redirect, reload).
          const deps = browserEffectDeps({
            onComplete: options.onComplete,
            logError: (category, message) => reportError(category as ErrorCategory, message, 'DONE'),
            fail: () => dispatch({ type: 'failed', category: 'post_registration_action', message: 'post-registration action failed' }),
            saveJob: async (listingKey) => {
              const result = await api.saveJob(listingKey);
              return result.ok ? { ok: true } : { ok: false, message: result.message };
            },
          });
          void sendQueued().then(() => runPostRegistrationEffect(command.effect, deps));
          return;
        }
      }
    },
    [api, loadMeta, observer, onClose, onFinish, options.onComplete, reportError, sendQueued, storage],
  );

  const dispatch = useCallback(
    (event: FlowEvent) => {
      const result = step(stateRef.current, event);
      stateRef.current = result.state;
      setState(result.state);
      result.commands.forEach(execute);
    },
    [execute],
  );
  useEffect(() => {
    dispatchRef.current = dispatch;
  }, [dispatch]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    dispatchRef.current = dispatch;
    dispatch({ type: 'started' });
  }, [dispatch]);

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  useImperativeHandle(ref, () => ({ leave: (action) => dispatchRef.current({ type: 'left', action }) }), []);

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

  const serverCheck = async (email: string): Promise<string | null> => {
    const result = await api.validateEmail({ email, source: context.source, component_id: context.componentId });
    if (!result.ok) {
      dispatch({ type: 'serverCheckFailed', message: result.message });
      return null;
    }
    return serverCheckWarning(result.data.status);
  };

  const props = { headingId, headingLevel };
  const alertsByTerms = !confirmsAndOptsIn(state.meta?.country);
  let body: ReactNode;
  switch (state.form) {
    case 'REGISTRATION':
      body = (
        <RegistrationForm
          {...props}
          copy={registrationCopy(options.copyVariant, options.searchContext)}
          initialEmail={state.email || context.prefillEmail}
          error={state.error}
          warning={state.warning}
          busy={state.busy}
          showRoleToggle={options.showRoleToggle}
          ssoEnabled={ssoEnabled}
          ssoButton={google ? <GoogleSsoButton config={google} onCredential={(credential) => dispatch({ type: 'googleCredential', credential })} /> : null}
          localValidation={state.validation.local}
          serverValidation={state.validation.server}
          alertsByTerms={alertsByTerms}
          onEmployer={() => dispatch({ type: 'employerChosen' })}
          onObserve={(action) => dispatch({ type: 'emailChecked', action })}
          onSubmit={(email) => dispatch({ type: 'emailSubmitted', email })}
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
          showEmailAlerts={!alertsByTerms}
          error={state.error}
          busy={state.busy}
          onContinue={(explicitOptIn) => dispatch({ type: 'confirmationContinued', explicitOptIn })}
          onBack={() => dispatch({ type: 'confirmationBack' })}
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
          busy={state.busy}
          showTerms={state.termsOnOtp}
          alertsByTerms={alertsByTerms}
          resends={state.resends}
          resendError={state.resendError}
          onSubmit={(code) => dispatch({ type: 'codeSubmitted', code })}
          onResend={() => dispatch({ type: 'resendRequested' })}
          onCodeEdited={() => dispatch({ type: 'codeEdited' })}
        />
      );
      break;
    case 'CANDIDATE_SPOTLIGHT':
      body = <SpotlightForm {...props} onConfirm={() => dispatch({ type: 'spotlightConfirmed' })} onSkip={() => dispatch({ type: 'spotlightSkipped' })} />;
      break;
    case 'RESUBSCRIBE':
      body = (
        <ResubscribeForm
          {...props}
          busy={state.busy}
          onResubscribe={() => dispatch({ type: 'resubscribeConfirmed' })}
          onSkip={() => dispatch({ type: 'resubscribeSkipped' })}
        />
      );
      break;
    case 'SMS':
      body = <SmsForm {...props} busy={state.busy} onContinue={(phone) => dispatch({ type: 'smsSubmitted', phone })} onSkip={() => dispatch({ type: 'smsSkipped' })} />;
      break;
    case 'ERROR':
      body = (
        <ErrorScreen
          {...props}
          onTryAgain={() => dispatch({ type: 'retried' })}
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
      <FlowErrorBoundary onError={(message) => dispatch({ type: 'failed', category: 'base_form', message })}>
        <Suspense fallback={<p role="status">Loading…</p>}>{body}</Suspense>
      </FlowErrorBoundary>
    </div>
  );
}

/** Whether the container may be closed now: not while a code is pending, nor once the flow ended. */
export function isClosable(state: Pick<FlowState, 'dismissible' | 'form'>): boolean {
  return state.dismissible && state.form !== 'DONE';
}

/** A rendering failure shows the generic error screen instead of a blank modal. */
class FlowErrorBoundary extends Component<{ children: ReactNode; onError(message: string): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : 'render failed');
    this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
