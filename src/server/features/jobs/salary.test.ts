import { describe, expect, it } from 'vitest';
import { dominantPeriod, quantile, salaryStats } from './salary';

describe('quantile', () => {
  it('interpolates between ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([10, 20, 30, 40, 50], 0.75)).toBe(40);
    expect(quantile([7], 0.9)).toBe(7);
  });
});

describe('salaryStats', () => {
  const hourly = (min: number, max: number) => ({ pay_min: min, pay_max: max, pay_period: 'hour' as const });
  const yearly = (min: number, max: number) => ({ pay_min: min, pay_max: max, pay_period: 'year' as const });

  it('uses the middle of each range and the period most listings pay by', () => {
    const stats = salaryStats([hourly(16, 18), hourly(18, 20), hourly(20, 22), hourly(22, 24), yearly(50_000, 60_000)]);
    expect(stats).toMatchObject({ period: 'hour', count: 4, median: 20, p25: 18.5, p75: 21.5, min: 17, max: 23, medianText: '$20.00' });
  });

  it('works per year too, rounded to $100', () => {
    const stats = salaryStats([yearly(40_000, 50_000), yearly(60_000, 70_123)]);
    expect(stats).toMatchObject({ period: 'year', median: 55_000, medianText: '$55,000' });
  });

  it('has nothing to say about no listings', () => {
    expect(salaryStats([])).toBeNull();
    expect(dominantPeriod([])).toBeNull();
  });
});
