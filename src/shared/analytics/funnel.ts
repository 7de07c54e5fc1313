// The sign-up funnel's steps (decision 0052) and the report's shape. No runtime imports: the
// dashboard page uses these, and the server's queries are defined against the same keys.

export const FUNNEL_STEPS = [
  { key: 'modal_displayed', label: 'Modal displayed', base: null },
  { key: 'email_submitted', label: 'Email submitted', base: 'modal_displayed' },
  { key: 'code_sent', label: 'Code sent', base: 'email_submitted' },
  { key: 'code_validated', label: 'Code validated', base: 'code_sent' },
  { key: 'resubscribe_shown', label: 'Resubscribe offer shown', base: 'code_validated' },
  { key: 'resubscribe_accepted', label: 'Resubscribe offer accepted', base: 'resubscribe_shown' },
  { key: 'spotlight_shown', label: 'Spotlight offer shown', base: 'code_validated' },
  { key: 'spotlight_accepted', label: 'Spotlight offer accepted', base: 'spotlight_shown' },
  { key: 'sms_shown', label: 'SMS offer shown', base: 'code_validated' },
  { key: 'sms_accepted', label: 'SMS offer accepted', base: 'sms_shown' },
] as const;

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]['key'];
export type StepCounts = Record<FunnelStepKey, number>;

export interface FunnelSegment {
  /** The source, the component id, or the day (YYYY-MM-DD). */
  segment: string;
  counts: StepCounts;
}

export interface FunnelReport {
  from: string;
  to: string;
  total: StepCounts;
  bySource: FunnelSegment[];
  byComponent: FunnelSegment[];
  /** Every day of the range, zeros included, oldest first. */
  daily: FunnelSegment[];
}

/** Hires job seekers reported on /candidate/gothired in the range (decision 0232). */
export interface HireCounts {
  jobwise: number;
  elsewhere: number;
}

/** What the server gives the /admin/analytics page. */
export interface AdminAnalyticsProps {
  report: FunnelReport;
  csvHref: string;
  hires: HireCounts;
}

/** Visits at a step as a share of the step it follows (null when that step has none). */
export function conversionRate(counts: StepCounts, key: FunnelStepKey): number | null {
  const step = FUNNEL_STEPS.find((candidate) => candidate.key === key);
  if (!step?.base) return null;
  const base = counts[step.base];
  return base > 0 ? counts[key] / base : null;
}

/** Visits at a step as a share of those who saw the modal. */
export function shareOfFirst(counts: StepCounts, key: FunnelStepKey): number | null {
  return counts.modal_displayed > 0 ? counts[key] / counts.modal_displayed : null;
}

export function formatRate(rate: number | null): string {
  return rate === null ? '' : `${(rate * 100).toFixed(1)}%`;
}
