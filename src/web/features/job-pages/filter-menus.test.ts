import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { filterMenus } from './filter-menus';

const criteria: SearchCriteria = { search: 'driver', location: 'Chicago, IL', radius: 25, minPay: null, employmentType: 'full_time', category: null, postedWithin: null, remoteOnly: false, sort: 'relevance', page: 3 };

describe('the filter menus (issue 45)', () => {
  it('names a menu by its choice once one is made, and marks that choice', () => {
    const type = filterMenus(criteria, true).find((menu) => menu.name === 'Job type')!;
    expect(type.label).toBe('Full-time');
    expect(type.active).toBe(true);
    expect(type.options.filter((option) => option.current).map((option) => option.label)).toEqual(['Full-time']);
    expect(filterMenus(criteria, true).find((menu) => menu.name === 'Pay')!.label).toBe('Pay');
  });

  it('links each choice to the same search with that filter, back on page 1, keeping the others', () => {
    const posted = filterMenus(criteria, true).find((menu) => menu.name === 'Date posted')!;
    const week = new URL(posted.options.find((option) => option.label === 'Last 7 days')!.href, 'http://x');
    expect(week.searchParams.get('posted')).toBe('7');
    expect(week.searchParams.get('type')).toBe('full_time');
    expect(week.searchParams.get('search')).toBe('driver');
    expect(week.searchParams.get('page')).toBeNull();
    const anyType = new URL(filterMenus(criteria, true).find((menu) => menu.name === 'Job type')!.options[0]!.href, 'http://x');
    expect(anyType.searchParams.get('type')).toBeNull();
  });

  it('offers sorting by distance only where there is a place to measure from', () => {
    const sorts = (hasRadius: boolean) => filterMenus(criteria, hasRadius).find((menu) => menu.name === 'Sort')!.options.map((option) => option.label);
    expect(sorts(true)).toEqual(['Relevance', 'Date posted', 'Distance']);
    expect(sorts(false)).toEqual(['Relevance', 'Date posted']);
  });
});
