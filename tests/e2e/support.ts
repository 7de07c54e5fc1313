import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 1024, height: 768 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Saves a screenshot under test-results/screens/<name>-<width>.png for a person to look at: the full
 * page, or with `{ viewport: true }` what the viewport shows (a modal or menu fixed to it). CI skips
 * them: nobody looks at its pictures, and encoding them was a tenth of the browser tests' CPU.
 */
export async function screenshot(page: Page, name: string, { viewport = false } = {}) {
  if (process.env.CI) return;
  const width = page.viewportSize()?.width ?? 0;
  const theme = process.env.E2E_COLOR_SCHEME === 'dark' ? '-dark' : '';
  await page.screenshot({ path: `test-results/screens/${name}-${width}${theme}.png`, fullPage: !viewport });
}

/**
 * Fails on any axe violation, listing each rule and the elements it found. Legacy mode runs axe in the
 * page itself; the default opens a blank page in the context for each run to combine the frames'
 * results, a new renderer every time, and took twice as long (no page of ours has a cross-origin frame).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Collects the page's console errors and uncaught exceptions: a page that works shows none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 409 is the server asking for more before it sends an application (a résumé, the profile:
    // decisions 0233, 0300), and the page opens the steps; the browser logs it as a failed load.
    if (message.type() === 'error' && !/status of 409 \(Conflict\)/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

