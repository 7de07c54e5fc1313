import { buttonClass } from '../../../ui/button-class';
import { useId } from 'react';
import { OTP_LENGTH } from '../../../../shared/registration/enums';
import { SIGN_IN_FORM_PATHS, type SignInFormStep, type SignInPageKind } from '../../../../shared/registration/pages';
import { FORM_COPY } from '../copy';
import { Heading, TermsText, type HeadingLevel } from './form-parts';

type CodeStep = Extract<SignInFormStep, { step: 'code' }>;
type ConfirmStep = Extract<SignInFormStep, { step: 'confirm' }>;

export interface CodeStepFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  kind: SignInPageKind;
  redirectUrl: string;
  state: CodeStep;
  /** Where "Use a different email" goes: the page itself. */
  pagePath: string;
  /** Posted from /user/create: the answers keep the sign-up page's words (decision 0297). */
  signUp?: boolean;
}

/**
 * The code step as the server answers a plain form post: one input for the six digits (typing across
 * six boxes needs script), Continue, and Resend code as a second form. Works with or without script.
 */
export function CodeStepForm({ headingId, headingLevel, kind, redirectUrl, state, pagePath, signUp = false }: CodeStepFormProps) {
  const ids = { code: useId(), hint: useId(), error: useId(), alerts: useId(), resend: useId() };
  const describedBy = state.error ? `${ids.hint} ${ids.error}` : ids.hint;
  return (
    <div className="reg-flow reg-code-step" data-form="OTP">
      <form className="reg-form reg-form--otp" method="post" action={SIGN_IN_FORM_PATHS.code} noValidate>
        <Heading id={headingId} level={headingLevel}>
          {/* The same heading for every address: whether an account exists is told only after the code (decision 0085). */}
          {FORM_COPY.otpNew}
        </Heading>
        <p className="reg-form__subcopy" id={ids.hint}>
          {FORM_COPY.otpSent} <strong>{state.email}</strong>
        </p>
        {state.notice ? (
          <p className="reg-notice" role="status">
            {state.notice}
          </p>
        ) : null}
        <p className="reg-notice" role="note">
          {FORM_COPY.maintenance}
        </p>
        <input type="hidden" name="email" value={state.email} />
        <input type="hidden" name="next" value={redirectUrl} />
        <input type="hidden" name="kind" value={kind} />
        {signUp ? <input type="hidden" name="signup" value="1" /> : null}
        <div className="reg-field">
          <label htmlFor={ids.code}>Verification code</label>
          <input
            id={ids.code}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            className="reg-code-step__input"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={describedBy}
          />
          {state.error ? (
            <p id={ids.error} className="reg-field__error" role="alert">
              {state.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass('primary')}>
          {FORM_COPY.continue}
        </button>
      </form>
      <form className="reg-code-step__secondary" method="post" action={SIGN_IN_FORM_PATHS.email}>
        <input type="hidden" name="email" value={state.email} />
        <input type="hidden" name="next" value={redirectUrl} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="resend" value="1" />
        {signUp ? <input type="hidden" name="signup" value="1" /> : null}
        <button type="submit" className="reg-link-button" aria-describedby={state.resendError ? ids.resend : undefined}>
          {FORM_COPY.resend}
        </button>
        <a className="reg-code-step__change" href={pagePath}>
          Use a different email
        </a>
        {state.resendError ? (
          <p id={ids.resend} className="reg-field__error reg-code-step__resend-error" role="alert">
            {state.resendError}
          </p>
        ) : null}
      </form>
      <TermsText employer={kind === 'employer'} />
    </div>
  );
}

export interface ConfirmStepFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  kind: SignInPageKind;
  redirectUrl: string;
  state: ConfirmStep;
  /** Back: the page itself, to start again with another address. */
  pagePath: string;
}

/**
 * The registration confirmation as the server answers a right code for a new address (a Canadian
 * visitor): the spec's title and text, the read-only email, the email-alerts box, Continue and Back.
 */
export function ConfirmStepForm({ headingId, headingLevel, kind, redirectUrl, state, pagePath }: ConfirmStepFormProps) {
  const ids = { email: useId(), alerts: useId() };
  return (
    <div className="reg-flow reg-code-step" data-form="REGISTRATION_CONFIRMATION">
      <form className="reg-form" method="post" action={SIGN_IN_FORM_PATHS.code} noValidate>
        <Heading id={headingId} level={headingLevel}>
          {FORM_COPY.confirmationTitle}
        </Heading>
        <p className="reg-form__subcopy">{FORM_COPY.confirmationText}</p>
        <input type="hidden" name="email" value={state.email} />
        <input type="hidden" name="code" value={state.code} />
        <input type="hidden" name="next" value={redirectUrl} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="confirmed" value="1" />
        <div className="reg-field">
          <label htmlFor={ids.email}>{FORM_COPY.emailLabel}</label>
          <input id={ids.email} type="email" value={state.email} readOnly />
        </div>
        {state.showEmailAlerts ? (
          <div className="reg-checkbox">
            <input id={ids.alerts} type="checkbox" name="explicit_opt_in" value="yes" />
            <label htmlFor={ids.alerts}>{FORM_COPY.emailAlerts}</label>
          </div>
        ) : null}
        <button type="submit" className={buttonClass('primary')}>
          {FORM_COPY.continue}
        </button>
        <a className={buttonClass('secondary')} href={pagePath}>
          {FORM_COPY.back}
        </a>
        <TermsText alertsByTerms={!state.showEmailAlerts} />
      </form>
    </div>
  );
}
