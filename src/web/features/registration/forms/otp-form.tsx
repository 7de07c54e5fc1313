import { buttonClass } from '../../../ui/button-class';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH, RESEND_COUNTDOWN_SECONDS } from '../../../../shared/registration/enums';
import { FORM_COPY } from '../copy';
import { emptyCode, fillDigits, formatCountdown, isComplete, typedDigit } from '../otp-input';
import { Heading, TermsText, type HeadingLevel } from './form-parts';

export interface OtpFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  email: string;
  isNewRegistration: boolean;
  error: string | null;
  busy: boolean;
  /** Partial login: the terms footer shows here (spec 4.3). */
  showTerms: boolean;
  /** Whether the terms text carries the email-alerts consent (not for Canadian visitors, decision 0032). */
  alertsByTerms?: boolean;
  /** Successful resends so far: each one clears the boxes and restarts the timer. */
  resends: number;
  /** Why the last resend failed, if it did. */
  resendError: string | null;
  onSubmit(code: string): void;
  onResend(): void;
  onCodeEdited(): void;
}

export function OtpForm(props: OtpFormProps) {
  const [boxes, setBoxes] = useState<string[]>(emptyCode);
  const [localError, setLocalError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(RESEND_COUNTDOWN_SECONDS);
  const armed = useRef(true);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const ids = { group: useId(), error: useId(), hint: useId() };
  const { onSubmit, busy } = props;

  // Spec 4.3: the countdown starts at 60 and ticks each second; Resend appears at 0.
  useEffect(() => {
    const timer = setInterval(() => {
      setSecondsLeft((seconds) => {
        if (seconds <= 1) clearInterval(timer);
        return Math.max(0, seconds - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [props.resends]);

  // A successful resend clears the boxes and the error and restarts the timer (spec 4.3).
  const resends = useRef(props.resends);
  useEffect(() => {
    if (resends.current === props.resends) return;
    resends.current = props.resends;
    armed.current = true;
    setBoxes(emptyCode());
    setLocalError(null);
    setSecondsLeft(RESEND_COUNTDOWN_SECONDS);
    inputs.current[0]?.focus();
  }, [props.resends]);

  // Auto-submit once all six digits are present; an edit arms it again.
  useEffect(() => {
    if (armed.current && isComplete(boxes) && !busy) {
      armed.current = false;
      onSubmit(boxes.join(''));
    }
  }, [boxes, busy, onSubmit]);

  const edit = (next: string[], focus: number) => {
    armed.current = true;
    setBoxes(next);
    setLocalError(null);
    props.onCodeEdited();
    inputs.current[focus]?.focus();
  };

  const onChange = (index: number, value: string) => {
    const digits = value.replace(/\D/g, '');
    if (value && !digits) return;
    const single = typedDigit(boxes[index] ?? '', digits);
    const { boxes: next, focus } = fillDigits(boxes, index, single);
    edit(next, single ? focus : index);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const { boxes: next, focus } = fillDigits(boxes, index, event.clipboardData.getData('text'));
    edit(next, focus);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      // Handled here, not by the browser: where the caret sits in a one-digit box must not matter.
      event.preventDefault();
      const target = boxes[index] || event.key === 'Delete' || index === 0 ? index : index - 1;
      const next = [...boxes];
      next[target] = '';
      edit(next, target);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isComplete(boxes)) {
      setLocalError(FORM_COPY.otpLength);
      return;
    }
    armed.current = false;
    onSubmit(boxes.join(''));
  };

  const error = localError ?? props.error;
  return (
    <form className="reg-form reg-form--otp" onSubmit={submit} noValidate aria-busy={busy}>
      <Heading id={props.headingId} level={props.headingLevel}>
        {props.isNewRegistration ? FORM_COPY.otpNew : FORM_COPY.otpReturning}
      </Heading>
      <p className="reg-form__subcopy" id={ids.hint}>
        {FORM_COPY.otpSent} <strong>{props.email}</strong>
      </p>
      {/* Shown from the start: a slow mail is most confusing before the first resend (spec 2.6). */}
      <p className="reg-notice" role="note">
        {FORM_COPY.maintenance}
      </p>
      <fieldset className="reg-otp" aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}>
        <legend className="visually-hidden">Verification code</legend>
        <div className="reg-otp__boxes">
          {boxes.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              className="reg-otp__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
              aria-invalid={error ? true : undefined}
              value={digit}
              onChange={(event) => onChange(index, event.target.value)}
              onPaste={(event) => onPaste(index, event)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={ids.error} className="reg-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="reg-resend">
        {secondsLeft > 0 ? (
          <span className="reg-resend__wait">
            {FORM_COPY.resend} in {formatCountdown(secondsLeft)}
          </span>
        ) : (
          <button type="button" className="reg-link-button" onClick={props.onResend}>
            {FORM_COPY.resend}
          </button>
        )}
        {props.resendError ? (
          <p className="reg-field__error" role="alert">
            {props.resendError}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {FORM_COPY.continue}
      </button>
      {props.showTerms ? <TermsText alertsByTerms={props.alertsByTerms} /> : null}
    </form>
  );
}
