// The plan & usage pages, the free trial and closing a company (issue 44, decisions 0288, 0289): the
// numbers and the words, as pure functions both sides use. Imports only the counting helper.
import { countOf, plural } from '../plural';
import { DAY_MS } from '../time';

/** The trial is of Standard, for 7 days, once per company (decision 0288). */
export const TRIAL_PLAN_ID = 'standard' as const;
export const TRIAL_DAYS = 7;
/** A closed company may be reactivated by its owner for 90 days (decision 0289). */
export const REACTIVATE_DAYS = 90;

export const PLAN_USAGE_PATHS = {
  /** The spec's paywall: the free trial. */
  trial: '/user/purchase-plan-simple',
  setPlan: '/user/set-plan',
  purchaseUpgrade: '/user/purchase-upgrade',
  changeCard: '/user/change-card',
  /** POST: ask sales for a paid plan. */
  request: '/user/set-plan/request',
  close: '/employer/close',
  reactivate: '/employer/reactivate',
} as const;

/** The three spec paths that show the plan & usage page, each with its own heading. */
export const PLAN_USAGE_HEADINGS = {
  [PLAN_USAGE_PATHS.setPlan]: 'Your plan',
  [PLAN_USAGE_PATHS.purchaseUpgrade]: 'Upgrade your plan',
  [PLAN_USAGE_PATHS.changeCard]: 'Billing',
} as const;
export type PlanUsagePath = keyof typeof PLAN_USAGE_HEADINGS;

/**
 * Whether the company can still start its one free trial (decision 0288): on Free and never tried. The
 * plan pages offer the trial's link only then; a closed company's members never reach them (0289).
 */
export function canStartTrial(company: { plan: string; trial_started_at: number | null }): boolean {
  return company.plan === 'free' && company.trial_started_at === null;
}

export const PLAN_MESSAGES = {
  trialOwnerOnly: 'Only the company’s owner can start the free trial. Ask your company’s owner to start it.',
  trialUsed: 'Your company has already had its free trial of Standard: each company can try it once. To stay on Standard, ask our sales team from your plan page.',
  trialOnPaidPlan: 'Your company is already on a paid plan, so there is no trial to start.',
  trialStarted: 'Your free trial of Standard has started.',
  companyClosed: 'Your company is closed on Jobwise. Its owner can reactivate it within 90 days of closing.',
  requestPlanUnknown: 'Choose Standard or Premium.',
  closeOwnerOnly: 'Only the company’s owner can close the company.',
  closeConfirm: 'Tick the box to confirm that you want to close your company.',
  alreadyClosed: 'Your company is already closed.',
  reactivateOwnerOnly: 'Only the company’s owner can reactivate it. Ask your company’s owner.',
  notClosed: 'Your company is open: there is nothing to reactivate.',
  reactivated: 'Your company is open again. Its jobs stay closed: reopen or repost the ones you still need.',
} as const;

/** "Feb 19, 2027": dates in UTC, as the other employer pages show them. */
const DATES = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIMES = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
export const formatDay = (ms: number) => DATES.format(new Date(ms));
/** "Nov 28, 2026 at 12:00 PM UTC": when a trial ends, to the minute. */
export const formatMoment = (ms: number) => `${DATES.format(new Date(ms))} at ${TIMES.format(new Date(ms))} UTC`;


/** "2 of 5 live jobs", "1 of 1 live job". */
export function liveJobsUsage(used: number, limit: number): string {
  return `${used.toLocaleString('en-US')} of ${countOf(limit, 'live job', 'live jobs')}`;
}

/** "12 of 250 résumé views this month"; a plan without the résumé database says so. */
export function resumeViewsUsage(used: number, limit: number): string {
  if (limit === 0) return 'The résumé database is not part of your plan';
  return `${used.toLocaleString('en-US')} of ${countOf(limit, 'résumé view', 'résumé views')} this month`;
}

/** "3 jobs are paused until your plan has room for them." or null without paused jobs. */
export function pausedJobsText(paused: number): string | null {
  if (paused === 0) return null;
  return `${countOf(paused, 'job', 'jobs')} ${plural(paused, 'is', 'are')} paused until your plan has room for ${plural(paused, 'it', 'them')}. Job seekers don’t see paused jobs.`;
}

/** Whole days left, rounded up: "6 days left", "1 day left". */
export function daysLeftText(endsAt: number, now: number): string {
  const days = Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
  return `${countOf(days, 'day', 'days')} left`;
}

/** The last moment the owner may reactivate a company closed at `closedAt`. */
export function reactivationDeadline(closedAt: number): number {
  return closedAt + REACTIVATE_DAYS * DAY_MS;
}

export function canStillReactivate(closedAt: number, now: number): boolean {
  return now <= reactivationDeadline(closedAt);
}

export function reactivateTooLateMessage(closedAt: number): string {
  return `Your company was closed on ${formatDay(closedAt)}, more than ${REACTIVATE_DAYS} days ago, so it can no longer be reactivated. Contact us if you need its records.`;
}

/** What closing does, in the confirm step's words. */
export function closeConsequences(liveJobs: number, members: number): string[] {
  return [
    liveJobs === 0 ? 'You have no live jobs to close.' : `Your ${countOf(liveJobs, 'live or paused job', 'live or paused jobs')} will close, and job seekers will no longer see ${plural(liveJobs, 'it', 'them')}.`,
    members <= 1 ? 'Nobody can use your workspace until you reactivate the company.' : `Your team of ${countOf(members, 'person', 'people')} will lose access to the workspace until you reactivate the company.`,
    `You can reactivate the company within ${REACTIVATE_DAYS} days. Its jobs stay closed: you reopen or repost the ones you need.`,
  ];
}
