// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationCopy } from '../copy';
import { RegistrationForm, type RegistrationFormProps } from './registration-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(() => vi.useFakeTimers());

function setup(overrides: Partial<RegistrationFormProps> = {}) {
  const onSubmit = vi.fn();
  render(
    <RegistrationForm
      headingId="reg-title"
      headingLevel={2}
      copy={registrationCopy('default')}
      error={null}
      warning={null}
      busy={false}
      localValidation={false}
      serverValidation={false}
      onSubmit={onSubmit}
      onServerCheck={async () => null}
      {...overrides}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
  return { input, onSubmit };
}

describe('email autofill check (spec 9: blur and refocus after 100 ms and 50 ms on a large change)', () => {
  it('blurs the focused field 100 ms after a large change and focuses it again 50 ms later', () => {
    const { input } = setup();
    input.focus();
    const blur = vi.fn();
    const focus = vi.fn();
    input.addEventListener('blur', blur);
    input.addEventListener('focus', focus);

    // An autofill puts the whole address in at once.
    fireEvent.change(input, { target: { value: 'sam.person@example.com' } });
    act(() => vi.advanceTimersByTime(99));
    expect(blur).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);

    act(() => vi.advanceTimersByTime(1));
    expect(blur).toHaveBeenCalledTimes(1);
    expect(document.activeElement).not.toBe(input);

    act(() => vi.advanceTimersByTime(49));
    expect(focus).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(focus).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(input);
    // What was filled in is kept.
    expect(input.value).toBe('sam.person@example.com');
  });

  it('leaves the field alone while a person types one character at a time', () => {
    const { input } = setup();
    input.focus();
    const blur = vi.fn();
    input.addEventListener('blur', blur);
    let value = '';
    for (const character of 'sam@x.io') {
      value += character;
      fireEvent.change(input, { target: { value } });
      act(() => vi.advanceTimersByTime(200));
    }
    // Deleting one character is small too.
    fireEvent.change(input, { target: { value: value.slice(0, -1) } });
    act(() => vi.advanceTimersByTime(200));
    expect(blur).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
  });

  it('counts a paste or a cleared field as large, and does nothing when the field is not focused', () => {
    const { input } = setup({ initialEmail: 'old@example.com' });
    const blur = vi.fn();
    input.addEventListener('blur', blur);
    // Not focused (the browser filled it while the person was elsewhere): nothing to blur.
    fireEvent.change(input, { target: { value: 'someone.else@example.com' } });
    act(() => vi.advanceTimersByTime(200));
    expect(blur).not.toHaveBeenCalled();

    input.focus();
    fireEvent.change(input, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(100));
    expect(blur).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(50));
    expect(document.activeElement).toBe(input);
  });
});
