import { buttonClass } from '../../../ui/button-class';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ObservationAction } from '../../../../shared/analytics/enums';
import { EMPLOYER_LOGIN_PATH } from '../../../../shared/registration/enums';
import { FORM_COPY, type RegistrationCopy } from '../copy';
import {
  decideSubmit,
  displaySuggestion,
  emailEdited,
  initialEmailCheckState,
  isLargeChange,
  submitObservations,
  suggestionAccepted,
  suggestionDismissed,
  type EmailCheckState,
} from '../email-checks';
import { useTypedBeforeHydration } from '../../../typed-before-hydration';
import { Tooltip } from '../../../ui/tooltip';
import { Heading, TermsText, type HeadingLevel } from './form-parts';

export interface RegistrationFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  copy: RegistrationCopy;
  initialEmail?: string;
  /** Server error for the email field (spec 8: shown under the field). */
  error: string | null;
  /** The server check's invalid-or-uncertain answer: a warning helper, not an error. */
  warning: string | null;
  busy: boolean;
  showRoleToggle?: boolean;
  /** The single sign-on button renders here when enabled. */
  ssoEnabled?: boolean;
  ssoButton?: ReactNode;
  localValidation: boolean;
  serverValidation: boolean;
  /** Whether the terms text carries the email-alerts consent (not for Canadian visitors, decision 0032). */
  alertsByTerms?: boolean;
  onSubmit(email: string): void;
  onServerCheck(email: string): Promise<string | null>;
  onEmployer?(): void;
  /** On a page: where the form posts when no script handles it, with its hidden fields. */
  nativeForm?: { action: string; fields: Record<string, string> };
  /** The email checks' observations (local validation, its autofix and dismiss, the resubmits, the mail-service warning). */
  onObserve?(action: ObservationAction): void;
}

export function RegistrationForm(props: RegistrationFormProps) {
  const { copy, error, warning, busy } = props;
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [checks, setChecks] = useState<EmailCheckState>(initialEmailCheckState);
  const [localError, setLocalError] = useState<string | null>(null);
  const [serverWarning, setServerWarning] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // An address typed on the page before its script ran is kept (hydration would clear it).
  useTypedBeforeHydration(inputRef, setEmail);
  const ids = { email: useId(), error: useId(), helper: useId(), suggestion: useId() };

  const observe = (action: ObservationAction) => props.onObserve?.(action);
  const submit = async (value: string) => {
    const decision = decideSubmit(value, checks, { localValidation: props.localValidation, serverValidation: props.serverValidation });
    submitObservations(decision, checks, { localValidation: props.localValidation }).forEach(observe);
    // A submit that goes on clears the pause, so a later submit is not counted as a resubmit again.
    if (decision.kind === 'serverCheck' || decision.kind === 'submit') setChecks((current) => ({ ...current, pausedBy: null }));
    switch (decision.kind) {
      case 'invalid':
        setLocalError(decision.message);
        inputRef.current?.focus();
        return;
      case 'suggest':
        setChecks(decision.state);
        return;
      case 'serverCheck': {
        const message = await props.onServerCheck(decision.email);
        setChecks((current) => ({ ...current, serverCheckDone: true, pausedBy: message ? 'mailgun' : null }));
        if (message) {
          setServerWarning(message);
          observe('SHOW_MAILGUN_VALIDATION_FAILURE_FEEDBACK');
          return;
        }
        props.onSubmit(decision.email);
        return;
      }
      case 'submit':
        props.onSubmit(decision.email);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit(email);
  };

  // Spec 9: when the browser autofills, blur and refocus so its value settles before we read it.
  const onChange = (next: string) => {
    if (isLargeChange(email, next) && document.activeElement === inputRef.current) {
      const input = inputRef.current;
      setTimeout(() => {
        input?.blur();
        setTimeout(() => input?.focus(), 50);
      }, 100);
    }
    setEmail(next);
    setChecks(emailEdited());
    setLocalError(null);
    setServerWarning(null);
  };

  const shownError = localError ?? error;
  const shownWarning = shownError ? null : (serverWarning ?? warning);
  const describedBy = [shownError ? ids.error : null, shownWarning ? ids.helper : null, checks.suggestion ? ids.suggestion : null].filter(Boolean).join(' ');

  return (
    <form className="reg-form" onSubmit={onSubmit} noValidate aria-busy={busy} {...(props.nativeForm ? { method: 'post', action: props.nativeForm.action } : {})}>
      {props.nativeForm ? Object.entries(props.nativeForm.fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      <Heading id={props.headingId} level={props.headingLevel}>
        {copy.headline}
      </Heading>
      {copy.subcopy ? <p className="reg-form__subcopy">{copy.subcopy}</p> : null}
      {props.showRoleToggle ? (
        <div className="reg-role-toggle" role="group" aria-label="I am">
          <button type="button" className="reg-role-toggle__option" aria-pressed="true">
            {FORM_COPY.jobSeeker}
          </button>
          <button
            type="button"
            className="reg-role-toggle__option"
            aria-pressed="false"
            onClick={() => (props.onEmployer ? props.onEmployer() : window.location.assign(EMPLOYER_LOGIN_PATH))}
          >
            {FORM_COPY.employer}
          </button>
        </div>
      ) : null}
      <div className="reg-sso-slot" data-sso-slot="" hidden={!props.ssoEnabled}>
        {props.ssoEnabled ? props.ssoButton : null}
      </div>
      {props.ssoEnabled ? (
        <div className="reg-divider" role="separator">
          <span>{FORM_COPY.or}</span>
        </div>
      ) : null}
      <div className="reg-field">
        <label htmlFor={ids.email}>{FORM_COPY.emailLabel}</label>
        <input
          ref={inputRef}
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {shownError ? (
          <p id={ids.error} className="reg-field__error" role="alert">
            {shownError}
          </p>
        ) : null}
        {shownWarning ? (
          <p id={ids.helper} className="reg-field__warning" role="status">
            {shownWarning}
          </p>
        ) : null}
        {checks.suggestion ? (
          <div id={ids.suggestion} className="reg-suggestion" role="status">
            <span>
              {FORM_COPY.suggestion}{' '}
              {displaySuggestion(checks.suggestion) === checks.suggestion ? (
                <strong>{checks.suggestion}</strong>
              ) : (
                // Spec 5: the suggestion is shown truncated; the whole address is in the tooltip.
                <Tooltip label={checks.suggestion}>
                  <strong>{displaySuggestion(checks.suggestion)}</strong>
                </Tooltip>
              )}
              ?
            </span>
            <span className="reg-suggestion__actions">
              <button
                type="button"
                className="reg-link-button"
                onClick={() => {
                  setEmail(checks.suggestion ?? email);
                  setChecks(suggestionAccepted(checks));
                  observe('LOCAL_EMAIL_VALIDATION_AUTOFIX');
                  inputRef.current?.focus();
                }}
              >
                {FORM_COPY.yes}
              </button>
              <button
                type="button"
                className="reg-link-button"
                onClick={() => {
                  setChecks(suggestionDismissed(checks));
                  observe('LOCAL_EMAIL_VALIDATION_DISMISS');
                  inputRef.current?.focus();
                }}
              >
                {FORM_COPY.no}
              </button>
            </span>
          </div>
        ) : null}
      </div>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {FORM_COPY.continue}
      </button>
      <TermsText alertsByTerms={props.alertsByTerms} />
    </form>
  );
}
