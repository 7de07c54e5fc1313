import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { parseLocation } from './places';
import { MATCH_COUNT_BOUND, resolveSearch, type SearchPlan } from './search-plan';
import { chooseStrategy, POSTGRES_WINDOW_STRATEGIES, type SearchStrategy } from './search-strategy';

const CRITERIA: SearchCriteria = {
  search: '',
  location: '',
  radius: 25,
  minPay: null,
  employmentType: null,
  category: null,
  postedWithin: null,
  remoteOnly: false,
  sort: 'relevance',
  page: 1,
};

function planOf(criteria: Partial<SearchCriteria>): SearchPlan {
  const full = { ...CRITERIA, ...criteria };
  const location = parseLocation(full.location);
  return resolveSearch({ criteria: full, place: location.status === 'found' ? location.place : null, now: 0 });
}

// Each plan and the path each database takes for it (decision 0246).
const TABLE: Array<{ criteria: Partial<SearchCriteria>; sqlite: SearchStrategy; postgres: SearchStrategy }> = [
  // No words.
  { criteria: {}, sqlite: 'listing', postgres: 'listing' },
  { criteria: { location: 'TX', sort: 'date' }, sqlite: 'listing', postgres: 'listing' },
  { criteria: { location: 'Remote' }, sqlite: 'listing', postgres: 'listing' },
  { criteria: { minPay: 40_000, employmentType: 'full_time' }, sqlite: 'listing', postgres: 'listing' },
  { criteria: { location: 'Los Angeles, CA' }, sqlite: 'dated-walk', postgres: 'dated-walk' },
  { criteria: { location: 'Los Angeles, CA', sort: 'date' }, sqlite: 'dated-walk', postgres: 'dated-walk' },
  { criteria: { location: 'Houston, TX', radius: 50, employmentType: 'part_time', sort: 'distance' }, sqlite: 'nearest-rings', postgres: 'nearest-rings' },
  // Distance without a centre is relevance.
  { criteria: { location: 'TX', sort: 'distance' }, sqlite: 'listing', postgres: 'listing' },
  // Words by relevance or date.
  { criteria: { search: 'forklift' }, sqlite: 'newest-matches', postgres: 'newest-seq-blocks' },
  { criteria: { search: 'registered nurse', sort: 'date' }, sqlite: 'newest-matches', postgres: 'newest-seq-blocks' },
  { criteria: { search: 'cook', minPay: 40_000, employmentType: 'full_time', postedWithin: 7 }, sqlite: 'newest-matches', postgres: 'newest-search-ranges' },
  { criteria: { search: 'nurse', location: 'TX' }, sqlite: 'newest-matches', postgres: 'newest-search-ranges' },
  { criteria: { search: 'nurse', location: 'Remote' }, sqlite: 'newest-matches', postgres: 'newest-search-ranges' },
  // A minimum pay without a token of its own (search-tokens.ts) narrows nothing in the index.
  { criteria: { search: 'cook', minPay: 35_000, postedWithin: 7 }, sqlite: 'newest-matches', postgres: 'newest-seq-blocks' },
  { criteria: { search: 'driver', location: 'Chicago, IL' }, sqlite: 'newest-matches', postgres: 'newest-place-blocks' },
  { criteria: { search: 'warehouse', location: '10001', radius: 50, sort: 'date' }, sqlite: 'newest-matches', postgres: 'newest-place-blocks' },
  // 100 miles in Alaska: no cells cover it; a filter's token still narrows the index.
  { criteria: { search: 'driver', location: 'Anchorage, AK', radius: 100 }, sqlite: 'newest-matches', postgres: 'newest-seq-windows' },
  { criteria: { search: 'driver', location: 'Anchorage, AK', radius: 100, category: 'driving' }, sqlite: 'newest-matches', postgres: 'newest-place-blocks' },
  // Words by distance.
  { criteria: { search: 'driver', location: 'Chicago, IL', sort: 'distance' }, sqlite: 'nearest-rings-with-words', postgres: 'nearest-rings-with-words' },
  { criteria: { search: 'driver', location: 'Anchorage, AK', radius: 100, sort: 'distance' }, sqlite: 'every-match-by-distance', postgres: 'every-match-by-distance' },
  { criteria: { search: 'driver', location: 'Remote', sort: 'distance' }, sqlite: 'newest-matches', postgres: 'newest-search-ranges' },
  // Punctuation alone is no words.
  { criteria: { search: '"*()', location: 'Chicago, IL' }, sqlite: 'dated-walk', postgres: 'dated-walk' },
];

describe('chooseStrategy', () => {
  it.each(TABLE)('$criteria: $sqlite on SQLite, $postgres on PostgreSQL', ({ criteria, sqlite, postgres }) => {
    const plan = planOf(criteria);
    expect(chooseStrategy(plan, 'sqlite')).toBe(sqlite);
    expect(chooseStrategy(plan, 'postgres')).toBe(postgres);
  });

  it('leaves the PostgreSQL windows to PostgreSQL', () => {
    for (const { criteria } of TABLE) expect(POSTGRES_WINDOW_STRATEGIES).not.toContain(chooseStrategy(planOf(criteria), 'sqlite'));
  });
});

describe('resolveSearch', () => {
  it('resolves the words, the radius, the sort and the bound once', () => {
    const plan = planOf({ search: 'Driver driver, CDL!', location: 'Chicago, IL', sort: 'distance', page: 3 });
    expect(plan).toMatchObject({ terms: ['driver', 'cdl'], sort: 'distance', page: 3, bound: MATCH_COUNT_BOUND, filterTokens: false });
    expect(plan.radius).toMatchObject({ miles: 25, centre: { kind: 'city', city: 'Chicago' } });
    expect(plan.radius!.cells!.length).toBeGreaterThan(0);
    expect(plan.radius!.box.minLatitude).toBeLessThan(plan.radius!.centre.latitude);
  });

  it('searches by relevance where distance has no centre', () => {
    const plan = planOf({ search: 'driver', location: 'TX', sort: 'distance' });
    expect(plan).toMatchObject({ sort: 'relevance', radius: null, filterTokens: true });
    expect(plan.criteria.sort).toBe('relevance');
  });
});
