import { buttonClass } from '../../../ui/button-class';
import { useId, useState, type FormEvent } from 'react';
import { FORM_COPY } from '../copy';
import { Heading, TermsText, type HeadingLevel } from './form-parts';

export interface ConfirmationFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  email: string;
  /** Spec 5: the email-alerts checkbox is shown only for country CA. */
  showEmailAlerts: boolean;
  error: string | null;
  busy: boolean;
  onContinue(explicitOptIn: boolean | undefined): void;
  onBack(): void;
}

export function ConfirmationForm(props: ConfirmationFormProps) {
  const [optIn, setOptIn] = useState(false);
  const ids = { email: useId(), error: useId(), alerts: useId() };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onContinue(props.showEmailAlerts ? optIn : undefined);
  };
  return (
    <form className="reg-form" onSubmit={onSubmit} noValidate aria-busy={props.busy}>
      <Heading id={props.headingId} level={props.headingLevel}>
        {FORM_COPY.confirmationTitle}
      </Heading>
      <p className="reg-form__subcopy">{FORM_COPY.confirmationText}</p>
      <div className="reg-field">
        <label htmlFor={ids.email}>{FORM_COPY.emailLabel}</label>
        <input id={ids.email} type="email" value={props.email} readOnly aria-describedby={props.error ? ids.error : undefined} />
        {props.error ? (
          <p id={ids.error} className="reg-field__error" role="alert">
            {props.error}
          </p>
        ) : null}
      </div>
      {props.showEmailAlerts ? (
        <div className="reg-checkbox">
          <input id={ids.alerts} type="checkbox" checked={optIn} onChange={(event) => setOptIn(event.target.checked)} />
          <label htmlFor={ids.alerts}>{FORM_COPY.emailAlerts}</label>
        </div>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={props.busy}>
        {FORM_COPY.continue}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={props.onBack}>
        {FORM_COPY.back}
      </button>
      <TermsText alertsByTerms={!props.showEmailAlerts} />
    </form>
  );
}
