import { describe, expect, it } from 'vitest';
import { mostMatches } from './search-statistics';

describe('mostMatches', () => {
  const statistics = { shares: new Map([['regist', 0.11], ['nurs', 0.047], ['forklift', 0.13]]) };

  it('bounds the words together by the rarest of them', () => {
    expect(mostMatches(statistics, ['regist', 'nurs'], 10_000)).toBeCloseTo(470);
    expect(mostMatches(statistics, ['forklift'], 10_000)).toBeCloseTo(1_300);
  });

  it('knows nothing of a word the statistics do not list, of no words, or without statistics', () => {
    expect(mostMatches(statistics, ['regist', 'astronaut'], 10_000)).toBeNull();
    expect(mostMatches(statistics, [], 10_000)).toBeNull();
    expect(mostMatches(null, ['nurs'], 10_000)).toBeNull();
  });
});
