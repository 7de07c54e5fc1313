import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { filterChips } from './filter-chips';
import { withSelectedJob } from './results-panes';

const base: SearchCriteria = { search: 'driver', location: 'Chicago, IL', radius: 50, minPay: null, employmentType: null, category: null, postedWithin: null, remoteOnly: false, sort: 'relevance', page: 3 };
const params = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('filter chips', () => {
  it('has no chip without filters', () => {
    expect(filterChips(base)).toEqual([]);
  });

  it('gives each active filter a chip that removes only that filter, back on page 1', () => {
    const criteria: SearchCriteria = { ...base, minPay: 40000, employmentType: 'full_time', category: 'driving', postedWithin: 7, remoteOnly: true, sort: 'date' };
    const chips = filterChips(criteria);
    expect(chips.map((chip) => chip.label)).toEqual(['$40,000+ a year', 'Full-time', 'Driving', 'Last 7 days', 'Remote only', 'Sorted by date posted']);
    const all = { search: 'driver', location: 'Chicago, IL', radius: '50', min_pay: '40000', type: 'full_time', category: 'driving', posted: '7', remote: '1', sort: 'date' };
    const removed = ['min_pay', 'type', 'category', 'posted', 'remote', 'sort'] as const;
    chips.forEach((chip, index) => {
      const expected: Record<string, string> = { ...all };
      delete expected[removed[index]!];
      expect(params(chip.href), chip.label).toEqual(expected);
    });
  });
});

describe('the selected job in the address', () => {
  it('sets, replaces and removes ?job= and keeps the search', () => {
    expect(withSelectedJob('/jobs-search?search=driver&page=2', 'lk_a')).toBe('/jobs-search?search=driver&page=2&job=lk_a');
    expect(withSelectedJob('http://localhost:3225/jobs-search?search=driver&job=lk_a', 'lk_b')).toBe('/jobs-search?search=driver&job=lk_b');
    expect(withSelectedJob('/jobs-search?search=driver&job=lk_a', null)).toBe('/jobs-search?search=driver');
  });
});
