// Plans as data (issue 11). The /plans page chunk uses this: it imports only the plural rule.
import { countOf } from '../plural';

export const PLAN_IDS = ['free', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars a month; 0 for Free. */
  priceMonthlyUsd: number;
  /** Jobs that may be live (published, not closed or expired) at one time. */
  liveJobs: number;
  /** Search the résumé database (/resume-database). */
  resumeDatabase: boolean;
  /** Résumé database profiles the company may open in a calendar month (UTC); 0 without the résumé database (decision 0161). */
  resumeViewsPerMonth: number;
  /** Featured jobs: marked, and ranked first among equal matches. */
  featuredJobs: boolean;
  summary: string;
}

export const PLANS: readonly Plan[] = [
  { id: 'free', name: 'Free', priceMonthlyUsd: 0, liveJobs: 1, resumeDatabase: false, resumeViewsPerMonth: 0, featuredJobs: false, summary: 'Post one job and meet your first applicants.' },
  { id: 'standard', name: 'Standard', priceMonthlyUsd: 249, liveJobs: 5, resumeDatabase: true, resumeViewsPerMonth: 250, featuredJobs: false, summary: 'For a growing team hiring for several roles.' },
  { id: 'premium', name: 'Premium', priceMonthlyUsd: 499, liveJobs: 25, resumeDatabase: true, resumeViewsPerMonth: 1000, featuredJobs: true, summary: 'For busy hiring: more live jobs, featured at the top.' },
] as const;

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan a company is on; an unknown stored value counts as Free (the safe side). */
export function planFor(company: { plan: string }): Plan {
  return PLANS.find((plan) => plan.id === company.plan) ?? PLANS[0]!;
}

/** How many live jobs the company's plan allows. */
export function liveJobLimit(company: { plan: string }): number {
  return planFor(company).liveJobs;
}

/** What a company is told when a publish would go over its plan's live jobs (and offered /plans). */
export function liveJobLimitMessage(company: { plan: string }): string {
  const plan = planFor(company);
  const jobs = countOf(plan.liveJobs, 'live job', 'live jobs');
  return `Your ${plan.name} plan allows ${jobs} at a time. Close a live job, or choose a plan with more live jobs.`;
}

/** "$0", "$249": a plan's monthly price as the pages show it. */
export function planPriceLabel(plan: Pick<Plan, 'priceMonthlyUsd'>): string {
  return `$${plan.priceMonthlyUsd.toLocaleString('en-US')}`;
}

/** What a plan allows, one line each, in the words the pricing page uses. */
export function planLimitLines(plan: Plan): string[] {
  return [
    `${countOf(plan.liveJobs, 'live job', 'live jobs')} at a time`,
    plan.resumeDatabase ? `Search the résumé database: ${plan.resumeViewsPerMonth.toLocaleString('en-US')} profile views a month` : 'No résumé database',
    plan.featuredJobs ? 'Featured jobs: marked, and shown first among equal matches' : 'Standard placement in search',
  ];
}
