import { describe, expect, it, vi } from 'vitest';
import { formatNumberInput, lengthHelper, numberHelper, parseNumberInput, textInputInvalid } from './field-helpers';
import { throttle } from './throttle';

describe('the text input length helper (spec 5)', () => {
  it.each([
    [3, { min: 5, max: 100 }, 'Current 3, minimum 5'],
    [7, { min: 5, max: 100 }, '7/100, minimum 5'],
    [7, { max: 100 }, '7/100'],
    [0, { min: 5 }, 'Current 0, minimum 5'],
    [6, { min: 5 }, null],
    [6, {}, null],
  ])('%i characters with %j: %j', (length, bounds, helper) => {
    expect(lengthHelper(length, bounds)).toBe(helper);
  });

  it('is in error with a message, or a length below the minimum or above the maximum', () => {
    expect(textInputInvalid(3, { min: 5 })).toBe(true);
    expect(textInputInvalid(101, { max: 100 })).toBe(true);
    expect(textInputInvalid(50, { min: 5, max: 100 })).toBe(false);
    expect(textInputInvalid(50, { min: 5, max: 100 }, 'Enter your name')).toBe(true);
    // An empty optional field is not an error before anything was typed.
    expect(textInputInvalid(0, { min: 5 })).toBe(false);
  });
});

describe('the number input helper (spec 5)', () => {
  it.each([
    [{ min: 1, max: 5000 }, 'Choose a number between 1 and 5,000'],
    [{ min: 10 }, 'Minimum 10'],
    [{ max: 1000000 }, 'Maximum 1,000,000'],
    [{}, null],
  ])('%j: %j', (bounds, helper) => {
    expect(numberHelper(bounds, 'en-US')).toBe(helper);
  });

  it('strips non-digits and groups the digits by locale', () => {
    expect(formatNumberInput('12a345', 'en-US')).toBe('12,345');
    expect(formatNumberInput('$1,234,567.89', 'en-US')).toBe('123,456,789');
    expect(formatNumberInput('1234567', 'de-DE')).toBe('1.234.567');
    expect(formatNumberInput('007', 'en-US')).toBe('7');
    expect(formatNumberInput('abc', 'en-US')).toBe('');
    expect(parseNumberInput('12,345')).toBe(12345);
    expect(parseNumberInput('')).toBeNull();
  });
});

describe('throttle (the modal reads its scroll every 100 ms, spec 9)', () => {
  it('runs at once, then at most once per interval, ending with the last call', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const run = throttle((value: number) => seen.push(value), 100);
    run(1);
    run(2);
    run(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    run(4);
    expect(seen).toEqual([1, 3, 4]);
    vi.useRealTimers();
  });
});
