import type { PayPeriod } from '../../../shared/jobs/enums';
import type { SalaryStats } from '../../../shared/jobs/page-props';
import { formatMoney } from './job-view';

/** Quantile by linear interpolation between closest ranks (the common "type 7" definition). */
export function quantile(sortedValues: number[], q: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const position = (sortedValues.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sortedValues[lower]!;
  return low + (sortedValues[upper]! - low) * (position - lower);
}

interface Pay {
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
}

/** A listing's pay as one number: the middle of its range. */
export const midpoint = (pay: Pay) => (pay.pay_min + pay.pay_max) / 2;

/** The period most of these listings pay by; statistics use only listings with that period. */
/** Salary pages compare hourly and yearly pay; listings paid by the day, week or month are left out. */
export function dominantPeriod(rows: Pay[]): 'hour' | 'year' | null {
  if (rows.length === 0) return null;
  const hourly = rows.filter((row) => row.pay_period === 'hour').length;
  return hourly * 2 >= rows.length ? 'hour' : 'year';
}

export function salaryStats(rows: Pay[]): SalaryStats | null {
  const period = dominantPeriod(rows);
  if (!period) return null;
  const values = rows
    .filter((row) => row.pay_period === period)
    .map(midpoint)
    .sort((a, b) => a - b);
  const round = (value: number) => (period === 'hour' ? Math.round(value * 100) / 100 : Math.round(value / 100) * 100);
  const p25 = round(quantile(values, 0.25));
  const median = round(quantile(values, 0.5));
  const p75 = round(quantile(values, 0.75));
  return {
    period,
    periodText: period === 'hour' ? 'per hour' : 'per year',
    count: values.length,
    p25,
    median,
    p75,
    min: round(values[0]!),
    max: round(values[values.length - 1]!),
    p25Text: formatMoney(p25, period),
    medianText: formatMoney(median, period),
    p75Text: formatMoney(p75, period),
  };
}

export function medianOf(rows: Pay[], period: PayPeriod): number {
  const values = rows
    .filter((row) => row.pay_period === period)
    .map(midpoint)
    .sort((a, b) => a - b);
  return quantile(values, 0.5);
}
