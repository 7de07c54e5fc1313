// eslint-disable-next-line no-restricted-imports -- a test reads the stylesheet from disk (Vitest empties CSS imports, ?raw included)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { belowWidth, BREAKPOINTS, fromWidth, type Breakpoint } from './breakpoints';

const baseCss = readFileSync(new URL('../styles/base.css', import.meta.url), 'utf8');

describe('breakpoints', () => {
  it("are spec 9's widths, in order", () => {
    expect(Object.values(BREAKPOINTS)).toEqual([480, 640, 768, 1024, 1280, 1367, 1536]);
  });

  it('build the queries the CSS writes', () => {
    expect(fromWidth('lg')).toBe('(min-width: 1024px)');
    expect(belowWidth('sm')).toBe('(max-width: 639.98px)');
    for (const name of Object.keys(BREAKPOINTS) as Breakpoint[]) {
      expect(belowWidth(name)).toBe(`(max-width: ${BREAKPOINTS[name] - 1}.98px)`);
    }
  });

  it('are the list in styles/base.css', () => {
    const listed = baseCss.match(/Breakpoints \(spec 9\): ([^.]*) px\./)?.[1] ?? '';
    expect(listed.match(/\d+/g)?.map(Number)).toEqual(Object.values(BREAKPOINTS));
  });
});
