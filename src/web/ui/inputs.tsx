import { useId, useState, type InputHTMLAttributes } from 'react';
import { formatNumberInput, lengthHelper, numberHelper, parseNumberInput, textInputInvalid, type LengthBounds } from './field-helpers';
import './inputs.css';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'minLength' | 'maxLength'>;

export interface TextFieldProps extends NativeInput {
  label: string;
  value: string;
  onValueChange(value: string): void;
  bounds?: LengthBounds;
  error?: string | null;
}

/** Spec 5's text input: the length helper under it, and an error state for a message or a length out of bounds. */
export function TextField({ label, value, onValueChange, bounds = {}, error, ...input }: TextFieldProps) {
  const ids = { input: useId(), helper: useId(), error: useId() };
  const helper = lengthHelper(value.length, bounds);
  const invalid = textInputInvalid(value.length, bounds, error);
  return (
    <div className="ui-field">
      <label htmlFor={ids.input}>{label}</label>
      <input
        {...input}
        id={ids.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={[error ? ids.error : null, helper ? ids.helper : null].filter(Boolean).join(' ') || undefined}
      />
      {error ? (
        <p id={ids.error} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {helper ? (
        <p id={ids.helper} className={`ui-field__helper${invalid ? ' is-invalid' : ''}`}>
          {helper}
        </p>
      ) : null}
    </div>
  );
}

export interface NumberFieldProps extends Omit<NativeInput, 'type' | 'inputMode'> {
  label: string;
  value: number | null;
  onValueChange(value: number | null): void;
  bounds?: LengthBounds;
  error?: string | null;
  locale?: string;
}

/** Spec 5's number input: digits only, grouped by locale as typed, with the min/max helper. */
export function NumberField({ label, value, onValueChange, bounds = {}, error, locale, ...input }: NumberFieldProps) {
  const ids = { input: useId(), helper: useId(), error: useId() };
  const [text, setText] = useState(value === null ? '' : formatNumberInput(String(value), locale));
  const helper = numberHelper(bounds, locale);
  const outOfBounds = value !== null && ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max));
  return (
    <div className="ui-field">
      <label htmlFor={ids.input}>{label}</label>
      <input
        {...input}
        id={ids.input}
        type="text"
        inputMode="numeric"
        value={text}
        onChange={(event) => {
          const formatted = formatNumberInput(event.target.value, locale);
          setText(formatted);
          onValueChange(parseNumberInput(formatted));
        }}
        aria-invalid={Boolean(error) || outOfBounds || undefined}
        aria-describedby={[error ? ids.error : null, helper ? ids.helper : null].filter(Boolean).join(' ') || undefined}
      />
      {error ? (
        <p id={ids.error} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {helper ? (
        <p id={ids.helper} className={`ui-field__helper${outOfBounds ? ' is-invalid' : ''}`}>
          {helper}
        </p>
      ) : null}
    </div>
  );
}
