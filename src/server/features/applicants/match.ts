// The applicant's match with the job (issue 12): a pure score with the reasons shown beside it, as
// Suggested Jobs does for job seekers. The word rule is the suggestions' own (titleTerms, CATEGORY_MATCH);
// distance is the jobs search's haversine. No database here: match.test.ts tests the rules directly.
import { JOB_CATEGORY_LABELS, type JobCategory, type PayPeriod } from '../../../shared/jobs/enums';
import { haversineMiles } from '../jobs/geo';
import { hasRadius, parseLocation, type Place } from '../jobs/places';
import { CATEGORY_MATCH, titleTerms } from '../seeker/suggestions';

export interface MatchJob {
  title: string;
  category: string;
  remote: number;
  state: string;
  latitude: number;
  longitude: number;
  pay_min: number;
  pay_max: number;
  pay_period: string;
}

export interface MatchApplicant {
  headline: string;
  location: string;
  /** The screening questions asked, with the answers given and whether a deal-breaker failed. */
  questions: number;
  answers: Array<{ question: string; answer: string; dealBreakerFailed: boolean }>;
}

export interface MatchResult {
  score: number;
  reasons: string[];
  distanceMiles: number | null;
}

/** Points for each part; the total is capped at 100. */
export const MATCH_POINTS = { words: 40, place: 30, remote: 25, sameState: 10, pay: 10, screening: 20, failedDealBreaker: -30 } as const;
const HOURS_A_YEAR = 2080;
const PER_YEAR: Record<PayPeriod, number> = { hour: HOURS_A_YEAR, day: 260, week: 52, month: 12, year: 1 };
/** A question about pay, whose answer gives the applicant's expectation. */
const PAY_QUESTION = /\b(pay|salary|wage|wages|rate|compensation|expect)/i;

/** "3 mi away", "Less than 1 mi away". */
export function distanceLabel(miles: number | null): string | null {
  if (miles === null) return null;
  return miles < 1 ? 'Less than 1 mi away' : `${Math.round(miles)} mi away`;
}

/** Points by distance: full within 10 miles, fading to nothing past 100. */
export function placePoints(miles: number): number {
  if (miles <= 10) return MATCH_POINTS.place;
  if (miles <= 25) return Math.round(MATCH_POINTS.place * 0.8);
  if (miles <= 50) return Math.round(MATCH_POINTS.place * 0.5);
  if (miles <= 100) return Math.round(MATCH_POINTS.place * 0.2);
  return 0;
}

/**
 * The yearly amount in an answer such as "$20/hr", "45k", "$45,000 a year", "18.50 an hour"; a bare
 * number is read in the job's own pay period. Null when the answer names no amount.
 */
export function readPayExpectation(answer: string, jobPeriod: string): number | null {
  const match = /\$?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k\b)?/i.exec(answer);
  if (!match) return null;
  let amount = Number(match[1]!.replace(/,/g, ''));
  if (match[2]) amount *= 1000;
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const text = answer.toLowerCase();
  const period: PayPeriod = /\b(hour|hr|hourly)\b|\/h\b/.test(text)
    ? 'hour'
    : /\b(year|yr|annual|annually|salary)\b|\/y\b/.test(text) || match[2]
      ? 'year'
      : /\b(week|weekly|wk)\b/.test(text)
        ? 'week'
        : /\b(month|monthly|mo)\b/.test(text)
          ? 'month'
          : /\b(day|daily)\b/.test(text)
            ? 'day'
            : ((jobPeriod in PER_YEAR ? jobPeriod : 'hour') as PayPeriod);
  return amount * PER_YEAR[period];
}

function placeOf(location: string, cache?: Map<string, Place | null>): Place | null {
  const key = location.trim().toLowerCase();
  if (cache?.has(key)) return cache.get(key)!;
  const parsed = parseLocation(location);
  const place = parsed.status === 'found' ? parsed.place : null;
  cache?.set(key, place);
  return place;
}

/**
 * Scores an applicant against a job, 0 to 100:
 * - title and category words: the share of the job title's words in the applicant's headline, and a
 *   little more when the headline names the job's category (the suggestions' word rule);
 * - place: full points within 10 miles of the job, fewer further away; a remote job matches anyone;
 * - pay: an amount given in answer to a pay question, within the job's pay or not;
 * - screening: every question answered and no deal-breaker failed; a failed deal-breaker costs points.
 */
export function scoreApplicant(job: MatchJob, applicant: MatchApplicant, placeCache?: Map<string, Place | null>): MatchResult {
  const reasons: string[] = [];
  let score = 0;

  const jobTerms = titleTerms(job.title);
  const headTerms = titleTerms(applicant.headline);
  const shared = [...jobTerms].filter((term) => headTerms.has(term));
  const categoryLabel = JOB_CATEGORY_LABELS[job.category as JobCategory];
  const categoryTerms = categoryLabel ? titleTerms(categoryLabel) : new Set<string>();
  const categoryMatch = [...categoryTerms].some((term) => headTerms.has(term) && !jobTerms.has(term));
  const wordShare = (jobTerms.size ? shared.length / jobTerms.size : 0) + (categoryMatch ? CATEGORY_MATCH : 0);
  score += MATCH_POINTS.words * Math.min(1, wordShare);
  if (shared.length) reasons.push(`Headline matches "${shared.join(' ')}"`);
  else if (categoryMatch && categoryLabel) reasons.push(`Headline names ${categoryLabel.toLowerCase()}`);

  let distanceMiles: number | null = null;
  if (job.remote) {
    score += MATCH_POINTS.remote;
    reasons.push('Remote job');
  } else {
    const place = applicant.location ? placeOf(applicant.location, placeCache) : null;
    if (hasRadius(place)) {
      distanceMiles = Math.round(haversineMiles(place.latitude, place.longitude, job.latitude, job.longitude) * 10) / 10;
      score += placePoints(distanceMiles);
      reasons.push(distanceLabel(distanceMiles)!);
    } else if (place?.kind === 'state' && place.state === job.state) {
      score += MATCH_POINTS.sameState;
      reasons.push(`In ${place.stateName}`);
    } else if (!place) {
      reasons.push('Place not known');
    }
  }

  const payAnswer = applicant.answers.find((answer) => PAY_QUESTION.test(answer.question) && readPayExpectation(answer.answer, job.pay_period) !== null);
  if (payAnswer) {
    const expected = readPayExpectation(payAnswer.answer, job.pay_period)!;
    const perYear = PER_YEAR[job.pay_period as PayPeriod] ?? 1;
    if (expected <= job.pay_max * perYear * 1.05) {
      score += MATCH_POINTS.pay;
      reasons.push('Pay expectation within the pay');
    } else {
      score -= MATCH_POINTS.pay;
      reasons.push('Expects more than the pay');
    }
  }

  const failed = applicant.answers.some((answer) => answer.dealBreakerFailed);
  if (failed) {
    score += MATCH_POINTS.failedDealBreaker;
    reasons.push('Failed a deal-breaker question');
  } else if (applicant.questions > 0 && applicant.answers.filter((answer) => answer.answer.trim() !== '').length >= applicant.questions) {
    score += MATCH_POINTS.screening;
    reasons.push('Answered every screening question');
  }

  return { score: Math.max(0, Math.min(100, Math.round(score))), reasons, distanceMiles };
}
