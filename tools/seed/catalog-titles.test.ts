import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/server/features/jobs/search-terms';
import { titleEntryOf } from '../../src/server/features/jobs/search-words';
import { CATEGORY_SPECS } from './catalog';

describe("the title table covers the demo data's titles (decision 0260)", () => {
  const titles = Object.values(CATEGORY_SPECS).flatMap((spec) => spec.titles.map((title) => title.title));
  it.each(titles)('has %s', (title) => {
    expect(titleEntryOf(searchTerms(title))).toBeDefined();
  });
});
