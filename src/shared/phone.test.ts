import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

describe('the phone rule (spec 5, decision 0090)', () => {
  it.each([
    ['(202) 555-0123', '+12025550123'],
    ['415.555.0132', '+14155550132'],
    ['020 7946 0958', '+442079460958'],
    ['07911 123456', '+447911123456'],
    ['(613) 555-0143', '+16135550143'],
    ['  416 555 0199 ', '+14165550199'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 1 42 68 53 00', '+33142685300'],
    ['+49 30 901820', '+4930901820'],
  ])('%s is read as %s', (text, e164) => {
    expect(normalizePhone(text)).toBe(e164);
  });

  // Without "+" a number is read as a US, GB or CA number only: a French or German number typed with
  // its country code but no "+" is refused rather than guessed.
  it.each(['33 1 42 68 53 00', '4930901820', '49 30 901820'])('%s (an international number without "+") is refused', (text) => {
    expect(normalizePhone(text)).toBeNull();
  });

  it.each(['', '12', '123', 'abc', 'call me', '555-0132', '+1 555', '+1 000 000 0000', `+1 202 555 0123${' '.repeat(40)}x`])('%j is refused', (text) => {
    expect(normalizePhone(text)).toBeNull();
  });
});
