import { describe, expect, it } from 'vitest';
import { secureRandomBytes } from './random-bytes';

describe('secure random bytes', () => {
  it('never hands out the same bytes twice, across refills of the pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(secureRandomBytes(12).toString('hex'));
    expect(seen.size).toBe(2000);
  });

  it('gives each caller its own copy, untouched by later draws', () => {
    const first = secureRandomBytes(32);
    const copy = Buffer.from(first);
    for (let i = 0; i < 500; i++) secureRandomBytes(32);
    expect(first.equals(copy)).toBe(true);
    expect(first.length).toBe(32);
  });

  it('spreads bytes over the whole range', () => {
    const counts = new Array<number>(256).fill(0);
    for (const byte of secureRandomBytes(200)) counts[byte]! += 1;
    for (let i = 0; i < 200; i++) for (const byte of secureRandomBytes(200)) counts[byte]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(secureRandomBytes(1000)).toHaveLength(1000);
  });
});
