import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import './inputs.css';
import './components.css';

/** The hint and error lines under a field, and the ids that tie them to it. */
function FieldNotes({ hint, error, ids }: { hint?: ReactNode; error?: string | null; ids: { hint: string; error: string } }) {
  return (
    <>
      {error ? (
        <p id={ids.error} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hint} className="ui-field__helper">
          {hint}
        </p>
      ) : null}
    </>
  );
}
const describedBy = (ids: { hint: string; error: string }, hint: unknown, error: unknown) =>
  [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(' ') || undefined;

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  /** The label for assistive technology only, where the words beside the select already say it. */
  labelHidden?: boolean;
  /** A disabled option is shown and cannot be chosen (a job the person was already invited to). */
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
  hint?: ReactNode;
  error?: string | null;
  /** The select itself, for a page that sets its value from outside (the application page's stage keys). */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A select drawn by the theme (not the browser's default), with its label, hint and error. Its id is
 * the caller's where a link must land on it (a form's list of problems, decision 0331), else its own.
 */
export function SelectField({ label, labelHidden = false, options, hint, error, className, id, ...select }: SelectFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  if (id) ids.input = id;
  return (
    <div className={`ui-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={ids.input} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <span className="ui-select">
        <select {...select} id={ids.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, hint, error)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      <FieldNotes hint={hint} error={error} ids={ids} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Words elsewhere on the page that explain the choice (a paragraph above it) are tied to the box beside its own hint and error. */
  'aria-describedby'?: string;
  hint?: ReactNode;
  error?: string | null;
}

/** A checkbox with its label beside it, a 44 px target, and its hint and error. */
export function CheckboxField({ label, hint, error, className, 'aria-describedby': describedElsewhere, ...input }: CheckboxFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const described = [describedElsewhere, describedBy(ids, hint, error)].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-check${className ? ` ${className}` : ''}`}>
      <input {...input} type="checkbox" id={ids.input} aria-invalid={error ? true : undefined} aria-describedby={described} />
      <label htmlFor={ids.input}>{label}</label>
      <FieldNotes hint={hint} error={error} ids={ids} />
    </div>
  );
}

export interface RadioGroupProps {
  legend: string;
  /** The legend for assistive technology only, where a heading just above already asks the question. */
  legendHidden?: boolean;
  name: string;
  /** An option's hint says what choosing it means ("One email a day"), tied to its radio button. */
  options: ReadonlyArray<{ value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean }>;
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  /** A class on each option's row, where a page draws its choices as boxes (the email settings). */
  optionClassName?: string;
}

/** Radio buttons in a fieldset whose legend names the choice; the error is announced and tied to the group. */
export function RadioGroup({ legend, legendHidden = false, name, options, value, defaultValue, onValueChange, hint, error, required, className, optionClassName }: RadioGroupProps) {
  const ids = { hint: useId(), error: useId(), option: useId() };
  return (
    <fieldset className={`ui-radios${className ? ` ${className}` : ''}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, hint, error)}>
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {options.map((option, index) => (
        <div className={`ui-check${optionClassName ? ` ${optionClassName}` : ''}`} key={option.value}>
          <input
            type="radio"
            id={`${ids.option}-${index}`}
            name={name}
            value={option.value}
            disabled={option.disabled}
            required={required}
            aria-describedby={option.hint ? `${ids.option}-${index}-hint` : undefined}
            {...(value === undefined ? { defaultChecked: option.value === defaultValue } : { checked: option.value === value, onChange: () => onValueChange?.(option.value) })}
          />
          <label htmlFor={`${ids.option}-${index}`}>{option.label}</label>
          {option.hint ? (
            <p id={`${ids.option}-${index}-hint`} className="ui-field__helper">
              {option.hint}
            </p>
          ) : null}
        </div>
      ))}
      <FieldNotes hint={hint} error={error} ids={ids} />
    </fieldset>
  );
}
