import { DAY_MS } from '../../../shared/time';
// Suggested Jobs: a pure ranking of candidate jobs by what the person did. No database here, so the
// rules are tested with known histories (suggestions.test.ts).

export interface CandidateJob {
  id: string;
  title: string;
  category: string;
  postedAt: number;
  /** Miles from the person, or null when we do not know where they are. */
  distance: number | null;
}

export type SignalKind = 'applied' | 'saved' | 'searched' | 'wanted';

export interface HistorySignal {
  kind: SignalKind;
  /** The job title applied to or saved, the words searched for, or a job title asked for at onboarding. */
  text: string;
  /** The category of the job applied to or saved (a search has none). */
  category: string | null;
  at: number;
}

export interface RankedJob<J extends CandidateJob> {
  job: J;
  score: number;
  reason: string;
}

export interface RankOptions {
  now: number;
  /** Jobs applied to are never suggested. */
  excludeJobIds: ReadonlySet<string>;
  limit: number;
  /** "Austin, TX": the reason shown on jobs suggested only for being near. */
  placeLabel: string | null;
}

/** An application says more about what someone wants than a save, and a save more than a search. */
// What the person said they want at onboarding (decision 0234) sits between an application and a save.
export const SIGNAL_WEIGHTS: Record<SignalKind, number> = { applied: 3, wanted: 2.5, saved: 2, searched: 1.5 };
/** A signal this many days old counts half as much as one from today. */
const SIGNAL_HALF_LIFE_DAYS = 30;
export const CATEGORY_MATCH = 0.3;
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'in', 'at', 'to', 'with', 'job', 'jobs', 'i', 'ii', 'iii']);

export function titleTerms(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => !STOP_WORDS.has(word)).map((word) => (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word)));
}

/** Share of the signal's words found in the job's title, plus a little for the same category. */
export function similarity(job: CandidateJob, signal: HistorySignal): number {
  const signalTerms = titleTerms(signal.text);
  const jobTerms = titleTerms(job.title);
  let shared = 0;
  for (const term of signalTerms) if (jobTerms.has(term)) shared += 1;
  const words = signalTerms.size ? shared / signalTerms.size : 0;
  const category = signal.category !== null && signal.category === job.category ? CATEGORY_MATCH : 0;
  return words + category;
}

export function reasonFor(signal: HistorySignal): string {
  if (signal.kind === 'applied') return `Because you applied to ${signal.text}`;
  if (signal.kind === 'saved') return `Because you saved ${signal.text}`;
  if (signal.kind === 'wanted') return `Because you want ${signal.text} jobs`;
  return `Because you searched for ${signal.text}`;
}

/**
 * Scores each job by the sum of its similarity to each signal, weighted by kind and fading with
 * the signal's age; the reason shown names the signal that contributed most. Jobs nothing points
 * to follow, nearest and newest first, with a "near you" reason, so a new account still sees jobs.
 */
export function rankSuggestions<J extends CandidateJob>(candidates: J[], history: HistorySignal[], options: RankOptions): RankedJob<J>[] {
  const seen = new Set<string>();
  const ranked: RankedJob<J>[] = [];
  for (const job of candidates) {
    if (options.excludeJobIds.has(job.id) || seen.has(job.id)) continue;
    seen.add(job.id);
    let score = 0;
    let best: { signal: HistorySignal; contribution: number } | null = null;
    for (const signal of history) {
      const ageDays = Math.max(0, (options.now - signal.at) / DAY_MS);
      const contribution = SIGNAL_WEIGHTS[signal.kind] * similarity(job, signal) * (SIGNAL_HALF_LIFE_DAYS / (SIGNAL_HALF_LIFE_DAYS + ageDays));
      score += contribution;
      if (contribution > 0 && (!best || contribution > best.contribution)) best = { signal, contribution };
    }
    const reason = best ? reasonFor(best.signal) : options.placeLabel ? `Near ${options.placeLabel}` : 'Recently posted';
    ranked.push({ job, score, reason });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      (a.job.distance ?? Number.POSITIVE_INFINITY) - (b.job.distance ?? Number.POSITIVE_INFINITY) ||
      b.job.postedAt - a.job.postedAt ||
      a.job.id.localeCompare(b.job.id),
  );
  return ranked.slice(0, options.limit);
}
