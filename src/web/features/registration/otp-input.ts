// Spec 4.3 and 5: six single-digit boxes; typing, pasting or autofilling fills up to six digits.
import { OTP_LENGTH } from '../../../shared/registration/enums';

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** Puts the digits of `text` into the boxes from `index`; returns the boxes and the box to focus. */
export function fillDigits(boxes: readonly string[], index: number, text: string): { boxes: string[]; focus: number } {
  const digits = text.replace(/\D/g, '');
  const next = [...boxes];
  if (!digits) {
    next[index] = '';
    return { boxes: next, focus: index };
  }
  // A full code pasted anywhere fills from the first box.
  const start = digits.length >= OTP_LENGTH ? 0 : index;
  const take = digits.slice(0, OTP_LENGTH - start);
  for (let offset = 0; offset < take.length; offset++) next[start + offset] = take[offset]!;
  return { boxes: next, focus: Math.min(start + take.length, OTP_LENGTH - 1) };
}

/** A box holding one digit replaced by typing: keep the newly typed digit. */
export function typedDigit(previous: string, value: string): string {
  if (value.length === 2 && previous && value.includes(previous)) return value.replace(previous, '') || previous;
  return value;
}

export function isComplete(boxes: readonly string[]): boolean {
  return boxes.length === OTP_LENGTH && boxes.every((box) => /^\d$/.test(box));
}

export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
