import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANS, type Plan } from '../../../shared/companies/plans';
import { PROJECT_ROOT } from '../../plugins/ssr';
import { CONTENT_BLOCKS, expandBlocks, plansMarkdown } from './content-blocks';
import { CONTENT_PAGES_DIR } from './page.routes';

describe('content blocks (decision 0256)', () => {
  it('replaces a {{name}} line with its block and leaves other text alone', () => {
    const body = 'Before {{plans}} inline stays.\n\n{{ plans }}\n\nAfter.';
    const out = expandBlocks(body, 'x.md', { plans: () => 'THE PLANS' });
    expect(out).toBe('Before {{plans}} inline stays.\n\nTHE PLANS\n\nAfter.');
  });

  it('stops on an unknown block, naming the file', () => {
    expect(() => expandBlocks('{{prices}}\n', 'pricing.md', CONTENT_BLOCKS)).toThrow(/pricing\.md: unknown content block \{\{prices\}\}/);
  });

  it('writes the plans from the data it is given, so a changed plan changes the page', () => {
    const custom: Plan[] = [{ ...PLANS[1]!, name: 'Team', priceMonthlyUsd: 1200, liveJobs: 40, resumeViewsPerMonth: 2500, summary: 'A made-up plan.' }];
    const markdown = plansMarkdown(custom);
    expect(markdown).toContain('### Team: $1,200 a month');
    expect(markdown).toContain('- 40 live jobs at a time');
    expect(markdown).toContain('- Search the résumé database: 2,500 profile views a month');
    expect(markdown).toContain('A made-up plan.');
  });

  it('the shipped pricing page uses the block, not a copy of the plans', () => {
    const pricing = readFileSync(path.join(CONTENT_PAGES_DIR, 'pricing.md'), 'utf8');
    expect(pricing).toMatch(/^\{\{plans\}\}$/m);
    for (const plan of PLANS) expect(pricing).not.toContain(`$${plan.priceMonthlyUsd}`);
  });
});

describe('the notices page', () => {
  it('names every package Jobwise runs on (package.json dependencies)', () => {
    const notices = readFileSync(path.join(CONTENT_PAGES_DIR, 'notices.md'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies)) expect(notices, name).toMatch(new RegExp(`(^|[\\s,:])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([\\s,.]|$)`));
  });
});
