import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { request } from '../../../shared/http/request';
import { useTypedBeforeHydration } from '../../typed-before-hydration';

const DEBOUNCE_MS = 150;

interface TypeaheadProps {
  name: string;
  label: string;
  /** JSON endpoint answering { suggestions: string[] } for ?q= */
  endpoint: string;
  defaultValue: string;
  placeholder?: string;
  autoComplete?: string;
  /** The input's id (a form's error list links to it); a generated one otherwise. */
  inputId?: string;
  /** Hint and error ids, and whether the value was refused (a form field's usual attributes). */
  describedBy?: string;
  invalid?: boolean;
  maxLength?: number;
  /** Keeps only the suggestions a field accepts (the posting form takes a city or a ZIP code, not a state). */
  accept?: (suggestion: string) => boolean;
}

/**
 * A text input with suggestions from the server, following the ARIA combobox pattern (list
 * autocomplete): arrow keys move through the listbox, Enter picks, Escape closes, and the input
 * keeps focus throughout. Before hydration it is a plain input that submits with its form.
 */
export function Typeahead({ name, label, endpoint, defaultValue, placeholder, autoComplete = 'off', inputId: givenId, describedBy, invalid, maxLength = 100, accept }: TypeaheadProps) {
  const id = useId();
  const inputId = givenId ?? `${id}-input`;
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // What was typed before the page's script ran is kept (hydration would put the default back).
  useTypedBeforeHydration(inputRef, setValue);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const load = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const answer = await request({ path: `${endpoint}?q=${encodeURIComponent(text)}`, signal: controller.signal });
      // Aborted by a newer keystroke, or offline: the input still works without suggestions.
      if (!answer.ok || controller.signal.aborted) return;
      const all = isSuggestions(answer.body) ? answer.body.suggestions : [];
      const list = accept ? all.filter(accept) : all;
      setOptions(list);
      setActive(-1);
      setOpen(list.length > 0);
    }, DEBOUNCE_MS);
  };

  const choose = (option: string) => {
    setValue(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        if (options.length) setOpen(true);
        else load(value);
        return;
      }
      const last = options.length - 1;
      if (event.key === 'ArrowDown') setActive((current) => (current < last ? current + 1 : 0));
      else setActive((current) => (current > 0 ? current - 1 : last));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="typeahead">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setValue(event.target.value);
          load(event.target.value);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="typeahead-list" hidden={!open}>
        {options.map((option, index) => (
          <li
            key={option}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'typeahead-option is-active' : 'typeahead-option'}
            // Keep focus in the input: the click picks the option without blurring first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}

function isSuggestions(body: unknown): body is { suggestions: string[] } {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { suggestions?: unknown }).suggestions) &&
    (body as { suggestions: unknown[] }).suggestions.every((item) => typeof item === 'string')
  );
}
