import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SeekerJob, SuggestedJob, JobseekerHomeProps } from '../../../shared/seeker/page-props';
import { toJobCard } from '../jobs/job-view';
import type { JobRow } from '../jobs/jobs.table';
import { parseLocation } from '../jobs/places';
import { SearchQuerySchema, toCriteria } from '../jobs/search-query';
import { searchJobs, type JobSummaryRow } from '../jobs/search.repository';
import { requestLocation } from '../tracking/location';
import { appliedJobs, findProfile, recentSearches, savedJobs, type PersonJobRow } from './seeker.repository';
import { rankSuggestions, type HistorySignal } from './suggestions';
import { findOnboarding } from './onboarding.repository';
import { onboardingCriteria } from './onboarding-suggestions';

const dates = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SUGGESTION_COUNT = 20;
/** How many of the person's strongest signals each get their own search for candidates. */
const SIGNAL_SEARCHES = 4;

export function summaryRow(job: JobRow): JobSummaryRow {
  return { ...job, snippet: job.description.slice(0, 240), distance: null };
}

export function seekerJob(row: JobSummaryRow, now: number, state: { saved: boolean; applied: boolean; note?: string | null; open?: boolean }): SeekerJob {
  return { card: toJobCard(row, now), listingKey: row.listing_key, saved: state.saved, applied: state.applied, note: state.note ?? null, open: state.open ?? true };
}

export function formatDate(ms: number): string {
  return dates.format(new Date(ms));
}

export async function personJobs(app: FastifyInstance, accountId: string): Promise<{ saved: PersonJobRow[]; applied: PersonJobRow[] }> {
  const [saved, applied] = await Promise.all([savedJobs(app.db, accountId), appliedJobs(app.db, accountId)]);
  return { saved, applied };
}

/** Where to look for jobs: the profile's location, else the latest searched place, else the request's region. */
async function personPlace(app: FastifyInstance, request: FastifyRequest, accountId: string, searches: Array<{ location: string }>, wanted = '') {
  const profile = await findProfile(app.db, accountId);
  const fromRequest = requestLocation(app, request);
  // The place asked for at onboarding comes first (decision 0234).
  const texts = [wanted, profile?.location, ...searches.map((search) => search.location), [fromRequest.city, fromRequest.region].filter(Boolean).join(', ')];
  for (const text of texts) {
    if (!text) continue;
    const parsed = parseLocation(text);
    if (parsed.status === 'found' && parsed.place.kind !== 'remote') return { place: parsed.place, profileComplete: Boolean(profile) };
  }
  return { place: null, profileComplete: Boolean(profile) };
}

/** Suggested Jobs: candidates from the jobs search (near the person, and for their strongest signals), ranked by suggestions.ts. */
export async function suggestedJobs(app: FastifyInstance, request: FastifyRequest, user: { id: string; email: string }): Promise<Omit<JobseekerHomeProps, 'hasSpotlight'>> {
  const now = app.now();
  const [{ saved, applied }, searches, onboarding] = await Promise.all([personJobs(app, user.id), recentSearches(app.db, user.id), findOnboarding(app.db, user.id)]);
  const wanted = onboardingCriteria(onboarding?.answers ?? null, onboarding?.completedAt ?? now);
  const { place, profileComplete } = await personPlace(app, request, user.id, searches, wanted.location);
  const history: HistorySignal[] = [
    ...wanted.signals,
    ...applied.map(({ job, at }) => ({ kind: 'applied' as const, text: job.title, category: job.category, at })),
    ...saved.map(({ job, at }) => ({ kind: 'saved' as const, text: job.title, category: job.category, at })),
    ...searches.filter((search) => search.search).map((search) => ({ kind: 'searched' as const, text: search.search, category: null, at: search.created_at })),
  ];
  const base = { ...toCriteria(SearchQuerySchema.parse({})), location: place?.label ?? '', radius: 50 as const, ...wanted.filters };
  const texts = [...new Set(history.map((signal) => signal.text.toLowerCase()))].slice(0, SIGNAL_SEARCHES);
  const results = await Promise.all([
    searchJobs(app.db, app.dialect, { criteria: { ...base, sort: 'date' }, place, now }),
    ...texts.map((text) => searchJobs(app.db, app.dialect, { criteria: { ...base, search: text }, place, now })),
  ]);
  const rows = results.flatMap((result) => result.rows);
  const candidates = rows.map((row) => ({ row, id: row.id, title: row.title, category: row.category, postedAt: Number(row.posted_at), distance: row.distance }));
  const appliedIds = new Set(applied.map(({ job }) => job.id));
  const savedIds = new Set(saved.map(({ job }) => job.id));
  const ranked = rankSuggestions(candidates, history, { now, excludeJobIds: appliedIds, limit: SUGGESTION_COUNT, placeLabel: place?.label ?? null });
  const jobs: SuggestedJob[] = ranked.map(({ job, reason }) => ({ ...seekerJob(job.row, now, { saved: savedIds.has(job.id), applied: false }), reason }));
  return { email: user.email, placeLabel: place?.label ?? null, jobs, profileComplete };
}
