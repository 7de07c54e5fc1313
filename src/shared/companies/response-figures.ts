import { HOUR_MS, DAY_MS } from '../time';
// A company's response figures as job seekers read them (issue 42, decision 0232). No imports: the job
// page's and company page's chunks use this.

/** The figures are shown once this many applications count (the last 90 days, 14-day window closed). */
export const RESPONSE_FIGURES_MIN_APPLICATIONS = 10;
/** An answer counts when it comes within this long of the application. */
export const RESPONSE_WINDOW_DAYS = 14;
/** Applications of this many days count. */
export const RESPONSE_PERIOD_DAYS = 90;

export interface ResponseFigures {
  /** Applications counted. */
  counted: number;
  /** Of them, answered within the window. */
  answered: number;
  /** The median time to that first answer; null when none was answered. */
  medianMs: number | null;
}


/** "within an hour", "within 5 hours", "within a day", "within 3 days": rounded up, so "within" holds. */
export function responseTimeLabel(ms: number): string {
  if (ms <= HOUR_MS) return 'within an hour';
  if (ms < DAY_MS) return `within ${Math.ceil(ms / HOUR_MS)} hours`;
  const days = Math.ceil(ms / DAY_MS);
  return days === 1 ? 'within a day' : `within ${days} days`;
}

/** "Responds to 85% of applicants, usually within 2 days", or null below the threshold. */
export function responseFiguresText(figures: ResponseFigures): string | null {
  if (figures.counted < RESPONSE_FIGURES_MIN_APPLICATIONS) return null;
  const share = Math.round((figures.answered / figures.counted) * 100);
  if (figures.answered === 0 || figures.medianMs === null) return `Responds to ${share}% of applicants`;
  return `Responds to ${share}% of applicants, usually ${responseTimeLabel(figures.medianMs)}`;
}

/** The line under it: what the share means. */
export const RESPONSE_FIGURES_NOTE = `Applications of the last ${RESPONSE_PERIOD_DAYS} days answered within ${RESPONSE_WINDOW_DAYS} days (a stage change or a message).`;
