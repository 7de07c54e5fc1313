import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, planLimitLines, planPriceLabel } from '../../src/shared/companies/plans';
import { loadContentPages } from '../../src/server/features/pages/content-pages';
import { CONTENT_PAGES_DIR } from '../../src/server/features/pages/page.routes';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 45, decision 0256: the spec's marketing pages have real copy, /pricing reads the plans' data,
// and no content page is a "not yet" placeholder.

const contentPaths = [...loadContentPages(CONTENT_PAGES_DIR).keys()].sort();

/** Words of a placeholder page: a content page says what Jobwise does, not what it might do one day. */
const PLACEHOLDER_PHRASES = [
  /not (?:open|available|built|ready|live) yet/i,
  /coming soon/i,
  /being (?:built|designed|developed)/i,
  /under construction/i,
  /we plan to/i,
  /in the meantime/i,
  /when (?:they|it) (?:open|opens|is ready|are ready)/i,
  /no (?:posts|reviews|stories|partners) yet/i,
  /lorem ipsum/i,
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const html = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { status: response.statusCode, body: response.body };
};

/** The page's own text, without the shell around it (header, footer, page data). */
const article = (body: string) => /<article class="content-page">([\s\S]*?)<\/article>/.exec(body)?.[1] ?? '';

describe('the marketing pages of spec 2.1', () => {
  it.each([
    ['/pricing', 'Pricing', 'Marketing Pricing'],
    ['/features', 'Features', 'Marketing Features'],
    ['/faq', 'Frequently Asked Questions', 'Marketing FAQ'],
    ['/guarantee', 'Our Guarantee', 'Marketing Guarantee'],
    ['/scale', 'Hiring at Scale', 'Marketing Scale'],
    ['/find-a-job', 'Find a Job', 'Find a Job'],
  ])('%s answers 200 with its title and page-view label', async (url, title, label) => {
    const page = await html(url);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h1>${title}</h1>`);
    expect(page.body).toContain(`<title>${title} | Jobwise</title>`);
    expect(page.body).toContain(`"pageViewLabel":"${label}"`);
    expect(article(page.body).length).toBeGreaterThan(1500);
  });

  it('/pricing shows every plan from src/shared/companies/plans.ts: name, price and each limit', async () => {
    const text = article((await html('/pricing')).body);
    for (const plan of PLANS) {
      expect(text).toContain(`<h3>${plan.name}: ${planPriceLabel(plan)} a month</h3>`);
      expect(text).toContain(plan.summary);
      for (const line of planLimitLines(plan)) expect(text, `${plan.name}: ${line}`).toContain(`<li>${line}</li>`);
    }
    // The limits come from the data: the live-job counts are in the page as the data has them.
    expect(text).toContain(`${PLANS.at(-1)!.liveJobs} live jobs at a time`);
    expect(text).not.toContain('{{');
  });

  it('/guarantee promises no refund of a payment Jobwise cannot take, and says the site takes none', async () => {
    const text = article((await html('/guarantee')).body);
    expect(text).toContain('The Free plan is free');
    expect(text).toMatch(/takes no payment/);
    expect(text).not.toMatch(/money.back|refund/i);
  });
});

describe('every content page', () => {
  it('covers the content folder: the marketing pages, the former placeholders and the blog', () => {
    expect(contentPaths).toEqual(
      expect.arrayContaining([
        '/pricing', '/features', '/faq', '/guarantee', '/scale', '/find-a-job', '/blog', '/press', '/careers', '/notices',
        '/job-seeker-reviews', '/employer-reviews', '/job-sites', '/enterprise', '/enterprise_how_it_works', '/enterprise_faq',
        '/enterprise-customer-stories', '/jobboard.io', '/ats-partners', '/mobile-app-redirect',
      ]),
    );
    expect(contentPaths.filter((path) => path.startsWith('/blog/')).length).toBeGreaterThanOrEqual(3);
  });

  it.each(contentPaths)('%s is real copy: no "not yet" or "coming soon" placeholder words', async (url) => {
    const page = await html(url);
    expect(page.status).toBe(200);
    const text = article(page.body).replace(/<[^>]+>/g, ' ');
    expect(text.trim().length, url).toBeGreaterThan(80);
    for (const phrase of PLACEHOLDER_PHRASES) expect(text, `${url} says ${phrase}`).not.toMatch(phrase);
    // Employer tools are open: no page may say otherwise (issue 45).
    expect(text, url).not.toMatch(/employer tools are (?:not|being)/i);
  });

  it('links only to pages that exist: every internal link answers a page or a sign-in redirect, never 404', async () => {
    const hrefs = new Set<string>();
    for (const url of contentPaths) {
      for (const match of article((await html(url)).body).matchAll(/href="(\/[^"]*)"/g)) hrefs.add(match[1]!.replace(/&amp;/g, '&'));
    }
    expect(hrefs.size).toBeGreaterThan(40);
    for (const href of hrefs) {
      const response = await t.app.inject({ method: 'GET', url: href, headers: { accept: 'text/html' } });
      expect([200, 302, 303], href).toContain(response.statusCode);
    }
  });
});
