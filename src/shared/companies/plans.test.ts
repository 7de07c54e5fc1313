import { describe, expect, it } from 'vitest';
import { PLANS, isPlanId, liveJobLimit, liveJobLimitMessage, planFor, planLimitLines, planPriceLabel } from './plans';

describe('plans as data', () => {
  it('Free 1 live job, Standard 5 with the résumé database, Premium 25 with featured jobs', () => {
    expect(PLANS.map((plan) => [plan.id, plan.liveJobs, plan.resumeDatabase, plan.featuredJobs])).toEqual([
      ['free', 1, false, false],
      ['standard', 5, true, false],
      ['premium', 25, true, true],
    ]);
    expect(PLANS.every((plan, i) => i === 0 || plan.priceMonthlyUsd > PLANS[i - 1]!.priceMonthlyUsd)).toBe(true);
  });

  it('planFor reads the company’s plan; an unknown value is Free', () => {
    expect(planFor({ plan: 'premium' }).name).toBe('Premium');
    expect(planFor({ plan: 'gold' }).id).toBe('free');
    expect(liveJobLimit({ plan: 'standard' })).toBe(5);
    expect(isPlanId('standard')).toBe(true);
    expect(isPlanId('Standard')).toBe(false);
  });

  it('says why a publish is refused and what to do', () => {
    expect(liveJobLimitMessage({ plan: 'free' })).toBe('Your Free plan allows 1 live job at a time. Close a live job, or choose a plan with more live jobs.');
    expect(liveJobLimitMessage({ plan: 'standard' })).toContain('5 live jobs');
  });
});

describe('plan wording', () => {
  it('prices and limits read from the data', () => {
    expect(planPriceLabel({ priceMonthlyUsd: 0 })).toBe('$0');
    expect(planPriceLabel({ priceMonthlyUsd: 1200 })).toBe('$1,200');
    expect(planLimitLines(planFor({ plan: 'free' }))).toEqual(['1 live job at a time', 'No résumé database', 'Standard placement in search']);
    expect(planLimitLines(planFor({ plan: 'premium' }))).toEqual([
      '25 live jobs at a time',
      'Search the résumé database: 1,000 profile views a month',
      'Featured jobs: marked, and shown first among equal matches',
    ]);
  });
});
