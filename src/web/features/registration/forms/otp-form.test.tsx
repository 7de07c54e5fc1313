// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpForm, type OtpFormProps } from './otp-form';

afterEach(cleanup);
beforeEach(() => vi.useRealTimers());

function setup(overrides: Partial<OtpFormProps> = {}) {
  const onSubmit = vi.fn();
  const onResend = vi.fn();
  const props: OtpFormProps = {
    headingId: 'otp-title',
    headingLevel: 2,
    email: 'sam@example.com',
    isNewRegistration: true,
    error: null,
    busy: false,
    showTerms: false,
    resends: 0,
    resendError: null,
    onSubmit,
    onResend,
    onCodeEdited: () => undefined,
    ...overrides,
  };
  const view = render(<OtpForm {...props} />);
  const boxes = Array.from({ length: 6 }, (_, index) => screen.getByRole('textbox', { name: `Digit ${index + 1} of 6` }) as HTMLInputElement);
  /** The flow answered: a new code was sent (resends + 1) or the resend failed. */
  const answer = (next: Partial<OtpFormProps>) => view.rerender(<OtpForm {...props} {...next} />);
  return { onSubmit, onResend, boxes, answer };
}

describe('OTP form (spec 4.3, 5)', () => {
  it('heads "Verify your email" for a new registration and "Welcome back!" for an existing one', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    cleanup();
    setup({ isNewRegistration: false });
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });

  it('takes digits only, one per box, moving to the next box', () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0]!, { target: { value: 'a' } });
    expect(boxes[0]!.value).toBe('');
    fireEvent.change(boxes[0]!, { target: { value: '4' } });
    expect(boxes[0]!.value).toBe('4');
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('a paste fills up to six digits and submits once all six are present', () => {
    const { boxes, onSubmit } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '12 34 56 78' } });
    expect(boxes.map((box) => box.value).join('')).toBe('123456');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('submits automatically again after an edit', () => {
    const { boxes, onSubmit } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '111111' } });
    fireEvent.change(boxes[5]!, { target: { value: '2' } });
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith('111112');
  });

  it('Enter (submit) with fewer than six digits says "Must reach 6 characters"', () => {
    const { boxes, onSubmit } = setup();
    fireEvent.change(boxes[0]!, { target: { value: '1' } });
    fireEvent.submit(boxes[0]!.closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Must reach 6 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Backspace in a filled box clears that box, wherever the caret is', () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0]!, { target: { value: '1' } });
    fireEvent.change(boxes[1]!, { target: { value: '2' } });
    boxes[1]!.setSelectionRange(0, 0);
    fireEvent.keyDown(boxes[1]!, { key: 'Backspace' });
    expect(boxes.map((box) => box.value).join('')).toBe('1');
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('Backspace in an empty box clears the one before', () => {
    const { boxes } = setup();
    fireEvent.change(boxes[0]!, { target: { value: '1' } });
    fireEvent.keyDown(boxes[1]!, { key: 'Backspace' });
    expect(boxes[0]!.value).toBe('');
    expect(document.activeElement).toBe(boxes[0]);
  });

  it('Resend appears after 60 seconds; a successful resend clears boxes and error and restarts the countdown', async () => {
    vi.useFakeTimers();
    const { boxes, onResend, answer } = setup({ error: null });
    // The maintenance warning shows from the start, not only after a resend.
    expect(screen.getByText(/undergoing site maintenance/)).toBeTruthy();
    fireEvent.change(boxes[0]!, { target: { value: '9' } });
    expect(screen.getByText('Resend code in 1:00')).toBeTruthy();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByText('Resend code in 0:01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    await act(async () => {
      fireEvent.click(resend);
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(boxes[0]!.value).toBe('9');
    act(() => answer({ resends: 1 }));
    expect(boxes[0]!.value).toBe('');
    expect(screen.getByText('Resend code in 1:00')).toBeTruthy();
    expect(screen.getByText(/undergoing site maintenance/)).toBeTruthy();
  });

  it('an unsuccessful resend shows its message', async () => {
    vi.useFakeTimers();
    const { answer } = setup();
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    act(() => answer({ resendError: 'Unable to resend code — please try again later' }));
    expect(screen.getByRole('alert').textContent).toBe('Unable to resend code — please try again later');
  });
});
