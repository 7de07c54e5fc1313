import { describe, expect, it } from 'vitest';
import { ftsQuery, searchTerms } from './search-terms';
import { jobIdFromSlug, jobPath, slugify } from './slugs';

describe('job paths', () => {
  it('make /job/{slug}-{id} and read the id back', () => {
    const path = jobPath({ id: 'abc234xyz9', title: 'Forklift Operator (Nights)', city: 'St. Louis', state: 'MO' });
    expect(path).toBe('/job/forklift-operator-nights-st-louis-mo-abc234xyz9');
    expect(jobIdFromSlug(path.slice('/job/'.length))).toBe('abc234xyz9');
  });

  it('slugify keeps only letters, digits and single hyphens', () => {
    expect(slugify('  Café & Bar -- Server! ')).toBe('cafe-and-bar-server');
    expect(slugify('"; drop table')).toBe('drop-table');
  });
});

describe('full-text query text', () => {
  it('keeps only words, so search syntax in input has no effect', () => {
    expect(searchTerms('"foo* OR (bar) NEAR title:baz')).toEqual(['foo', 'or', 'bar', 'near', 'title', 'baz']);
    expect(ftsQuery(searchTerms('"foo* OR ('))).toBe('"foo" "or"');
    expect(searchTerms('*** ()) "" ---')).toEqual([]);
  });

  it('caps the number of terms', () => {
    expect(searchTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(12);
  });
});
