import { describe, expect, it } from 'vitest';
import { toE164 } from './sms-opt-in.routes';

describe('toE164', () => {
  it.each([
    ['(415) 555-0132', '+14155550132'],
    ['415.555.0132', '+14155550132'],
    ['07911 123456', '+447911123456'],
    ['(613) 555-0143', '+16135550143'],
    ['+49 30 901820', '+4930901820'],
  ])('reads %s as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
  it.each(['12', '555-0132', 'call me', '+1 000 000 0000'])('refuses %s', (input) => {
    expect(toE164(input)).toBeNull();
  });
});
