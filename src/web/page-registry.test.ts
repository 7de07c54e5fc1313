import { describe, expect, it } from 'vitest';
import { pageRegistry, pageSources, type PageName } from './page-registry';

// The registry names each page twice: a typed loader (server rendering checks each page's props) and its
// source path (the server finds the page's chunk in Vite's manifest by it). This keeps the two in step.
describe('page registry', () => {
  const names = Object.keys(pageRegistry) as PageName[];

  it('names a source for every page and no other', () => {
    expect(Object.keys(pageSources).sort()).toEqual([...names].sort());
  });

  it('loads, for every page, the very module its source path names', async () => {
    for (const name of names) {
      const source = pageSources[name];
      const loaded = await pageRegistry[name]();
      const named = (await import(/* @vite-ignore */ `/${source}`)) as { default: unknown };
      expect(loaded.default, `${name}: ${source}`).toBe(named.default);
    }
  }, 60_000);
});
