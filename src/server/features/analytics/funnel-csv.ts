import { conversionRate, FUNNEL_STEPS, shareOfFirst, type FunnelReport, type StepCounts } from '../../../shared/analytics/funnel';
import { toCsv, type CsvValue } from '../../shared/csv';

const rate = (value: number | null) => (value === null ? '' : value.toFixed(4));

/**
 * The dashboard's numbers as CSV: one row per breakdown and segment with the visits at every step,
 * then the total's conversion rates (of the step before, and of the modal displayed) as fractions.
 */
export function funnelCsv(report: FunnelReport): string {
  const header = ['breakdown', 'segment', ...FUNNEL_STEPS.map((step) => step.key)];
  const countRow = (breakdown: string, segment: string, counts: StepCounts) => [breakdown, segment, ...FUNNEL_STEPS.map((step) => counts[step.key])];
  const rows: CsvValue[][] = [
    header,
    countRow('total', `${report.from}..${report.to}`, report.total),
    ['rate_of_previous_step', 'all', ...FUNNEL_STEPS.map((step) => rate(conversionRate(report.total, step.key)))],
    ['rate_of_modal_displayed', 'all', ...FUNNEL_STEPS.map((step) => rate(shareOfFirst(report.total, step.key)))],
    ...report.bySource.map((segment) => countRow('source', segment.segment, segment.counts)),
    ...report.byComponent.map((segment) => countRow('component', segment.segment, segment.counts)),
    ...report.daily.map((segment) => countRow('day', segment.segment, segment.counts)),
  ];
  // Segments come from browsers: the shared writer quotes every cell and neutralises formulas.
  return toCsv(rows);
}
