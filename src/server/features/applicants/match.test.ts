import { describe, expect, it } from 'vitest';
import { distanceLabel, readPayExpectation, scoreApplicant, type MatchJob } from './match';

const job: MatchJob = { title: 'Night Forklift Operator', category: 'warehouse', remote: 0, state: 'TX', latitude: 30.2672, longitude: -97.7431, pay_min: 19, pay_max: 23, pay_period: 'hour' };
const answered = { questions: 1, answers: [{ question: 'Can you lift 50 lb?', answer: 'yes', dealBreakerFailed: false }] };

describe('scoreApplicant', () => {
  it('gives the title words, the distance and the screening answers with reasons', () => {
    const result = scoreApplicant(job, { headline: 'Forklift operator on nights', location: 'Round Rock, TX', ...answered });
    expect(result.reasons[0]).toBe('Headline matches "night forklift operator"');
    expect(result.reasons).toContain('Answered every screening question');
    expect(result.reasons.some((reason) => /^\d+ mi away$/.test(reason))).toBe(true);
    expect(result.distanceMiles).toBeGreaterThan(10);
    expect(result.distanceMiles).toBeLessThan(25);
    expect(result.score).toBeGreaterThanOrEqual(70);
  });

  it('ranks nearer above farther, and a failed deal-breaker below both', () => {
    const near = scoreApplicant(job, { headline: 'Cook', location: 'Austin, TX', ...answered });
    const far = scoreApplicant(job, { headline: 'Cook', location: 'Seattle, WA', ...answered });
    const failed = scoreApplicant(job, { headline: 'Cook', location: 'Austin, TX', questions: 1, answers: [{ question: 'Can you lift 50 lb?', answer: 'no', dealBreakerFailed: true }] });
    expect(near.score).toBeGreaterThan(far.score);
    expect(failed.score).toBeLessThan(near.score);
    expect(failed.reasons).toContain('Failed a deal-breaker question');
    expect(far.reasons.some((reason) => reason.endsWith('mi away'))).toBe(true);
  });

  it('names the category, a remote job, an unknown place', () => {
    expect(scoreApplicant(job, { headline: 'Warehouse associate', location: '', questions: 0, answers: [] }).reasons).toEqual(['Headline names warehouse and forklift', 'Place not known']);
    expect(scoreApplicant({ ...job, remote: 1 }, { headline: '', location: 'Nowhere', questions: 0, answers: [] }).reasons).toEqual(['Remote job']);
  });

  it('reads a pay expectation when a pay question was answered', () => {
    const asked = (answer: string) => scoreApplicant(job, { headline: '', location: 'Austin, TX', questions: 1, answers: [{ question: 'What pay do you expect?', answer, dealBreakerFailed: false }] }).reasons;
    expect(asked('$21 an hour')).toContain('Pay expectation within the pay');
    expect(asked('60k a year')).toContain('Expects more than the pay');
    expect(asked('flexible')).not.toContain('Pay expectation within the pay');
    expect(readPayExpectation('$45,000', 'year')).toBe(45_000);
    expect(readPayExpectation('20/hr', 'year')).toBe(20 * 2080);
    expect(readPayExpectation('45k', 'hour')).toBe(45_000);
    expect(readPayExpectation('none', 'hour')).toBeNull();
  });

  it('labels distances as the inbox shows them', () => {
    expect(distanceLabel(0.4)).toBe('Less than 1 mi away');
    expect(distanceLabel(3.2)).toBe('3 mi away');
    expect(distanceLabel(null)).toBeNull();
  });
});
