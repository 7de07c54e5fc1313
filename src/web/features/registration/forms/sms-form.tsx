import { buttonClass } from '../../../ui/button-class';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SMS_CONSENT_TEXT } from '../../../../shared/registration/contracts';
import { FORM_COPY } from '../copy';
import { normalizePhone, PHONE_INVALID_MESSAGE } from '../../../../shared/phone';
import { Heading, type HeadingLevel } from './form-parts';

export interface SmsFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  busy: boolean;
  onContinue(phoneE164: string): void;
  onSkip(): void;
}

export function SmsForm(props: SmsFormProps) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { phone: useId(), error: useId(), consent: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  // This form loads on demand, after the flow moved focus: it takes focus itself when it arrives.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.busy) return;
    const e164 = normalizePhone(phone);
    if (!e164) {
      setError(PHONE_INVALID_MESSAGE);
      return;
    }
    props.onContinue(e164);
  };
  return (
    <form className="reg-form" onSubmit={submit} noValidate aria-busy={props.busy}>
      <Heading id={props.headingId} level={props.headingLevel}>
        {FORM_COPY.smsTitle}
      </Heading>
      <p className="reg-form__subcopy">{FORM_COPY.smsText}</p>
      <div className="reg-field">
        <label htmlFor={ids.phone}>
          {FORM_COPY.phoneLabel} <span className="reg-field__optional">({FORM_COPY.optional})</span>
        </label>
        <input
          ref={inputRef}
          id={ids.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? ids.error : null, ids.consent].filter(Boolean).join(' ')}
        />
        {error ? (
          <p id={ids.error} className="reg-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <p id={ids.consent} className="reg-terms">
        {SMS_CONSENT_TEXT}
      </p>
      <button type="submit" className={buttonClass('primary')} disabled={props.busy}>
        {FORM_COPY.continue}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={props.onSkip}>
        {FORM_COPY.skip}
      </button>
    </form>
  );
}
