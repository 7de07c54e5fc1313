// Browser-test visitors: each its own client address (and country), reading codes from the mailbox.
import SQLite from 'better-sqlite3';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { VIEWPORTS, type ViewportName } from './support';
import { untilHydrated } from './test';

// Every test is a different visitor: its own address (so per-client rate limits do not add up
// across tests; the e2e server trusts X-Forwarded-For) and, for the CA test, its own country.
let visitor = 0;
function visitorAddress() {
  visitor += 1;
  return `10.${test.info().workerIndex % 250}.${Math.floor(visitor / 250)}.${visitor % 250}`;
}
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface VisitorOptions {
  viewport?: ViewportName;
  country?: string;
  /** Keep the candidate spotlight away (it is bucketed by ptid, so otherwise random). */
  hideSpotlight?: boolean;
  /** A browser with script turned off (the pages must still work). */
  javaScriptEnabled?: boolean;
}

/** The system theme the browser reports: E2E_COLOR_SCHEME=dark runs the tests (and the visual audit's pictures) in the dark theme. */
export const E2E_COLOR_SCHEME = process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light';

export async function newVisitor(browser: Browser, options: VisitorOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  if (options.country) headers['x-test-country'] = options.country;
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    extraHTTPHeaders: headers,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: E2E_COLOR_SCHEME,
  });
  if (options.hideSpotlight) {
    await context.addInitScript(() => window.localStorage.setItem('hideCandidateSpotlightRegistration', 'true'));
  }
  return { context, page: await context.newPage() };
}

/** Reads the newest code sent to `email` from the development mailbox, as a person reads mail. */
export async function readCode(page: Page, email: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as Array<{ to: string; subject: string; text: string; sent_at: number }>;
      const newest = messages.find((message) => message.sent_at >= notBefore);
      code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
      return code;
    }, { timeout: 10_000 })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Moves the e2e server's record of the last code sent to `email` back by `ms`, as if that time had passed:
 * a test that has moved the browser's clock on need not wait out the server's real minute.
 */
export function backdateLastCodeSent(email: string, ms: number): void {
  const db = new SQLite('data/e2e.sqlite', { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { changes } = db.prepare('update one_time_codes set last_sent_at = last_sent_at - ? where email_normalized = ?').run(ms, email.toLowerCase());
    expect(changes, `a code sent to ${email}`).toBe(1);
  } finally {
    db.close();
  }
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  sent_at: number;
}

/** Waits for a mail to `to` whose subject matches, as a person waits for it in their inbox (scheduled mail takes seconds). */
export async function waitForMail(page: Page, to: string, subject: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  const matches = (value: string) => (typeof subject === 'string' ? value === subject : subject.test(value));
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        found = ((await response.json()) as ReceivedMail[]).find((message) => matches(message.subject));
        return Boolean(found);
      },
      { timeout: 30_000, message: `a mail to ${to} with the subject ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

/**
 * From search results to a job's page, as a person does: on a phone the title opens the page; from 1024 px
 * the title opens the job beside the list (issue 16), and the pane's title is the way to the job's page.
 */
export async function openJobFromResults(page: Page, title: string): Promise<void> {
  const inList = page.locator('.job-card-title').getByRole('link', { name: title, exact: true });
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    const pane = page.getByRole('region', { name: 'Selected job' });
    // The pane shows the first result once the page is live: before that a click would leave the page.
    await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
    await inList.click();
    await pane.getByRole('heading', { level: 2, name: title }).getByRole('link').click();
  } else {
    await inList.click();
  }
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The job page's Apply opens the dialog once the page is live; before that it leads to the no-script steps.
  await untilHydrated(page);
}

/** Opens the first on-site job (its page has an Apply button) among a search's results. */
export async function openOnSiteJob(page: Page, search: string): Promise<string> {
  await page.goto(`/jobs-search?search=${encodeURIComponent(search)}`);
  const links = await page.locator('.job-card-title a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  for (const href of links) {
    // Read the page's HTML first: on-site jobs post to /candidate/apply.
    const html = await (await page.request.get(href)).text();
    if (!html.includes('action="/candidate/apply"')) continue;
    await page.goto(href);
    return href;
  }
  throw new Error('no on-site job found');
}

export interface SeekerProfile {
  name: string;
  phone: string;
  location: string;
  headline?: string;
}

/** A signed-in job seeker fills in About you, as a person does before applying, and sees it saved. */
export async function saveSeekerProfile(page: Page, profile: SeekerProfile): Promise<void> {
  await page.goto('/candidate/about');
  await page.getByLabel('Full name').fill(profile.name);
  await page.getByLabel('Phone').fill(profile.phone);
  await page.getByLabel('Location').fill(profile.location);
  if (profile.headline) await page.getByLabel('Headline (optional)').fill(profile.headline);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
}

/**
 * Apply from a job page with a profile but no stored résumé: the steps ask for one before sending
 * (decision 0300); this answers "Apply without a résumé" and sends.
 */
export async function applyWithoutResume(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
  const steps = page.getByRole('dialog');
  await expect(steps.getByRole('heading', { name: 'Your résumé' })).toBeVisible();
  await steps.getByRole('radio', { name: 'Apply without a résumé' }).check();
  await steps.getByRole('button', { name: 'Continue' }).click();
  await steps.getByRole('button', { name: 'Send application' }).click();
}

/** A new account's onboarding (decision 0234), skipped whole: onboarding.spec.ts answers it. */
export async function skipOnboarding(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/candidate\/onboard(\?|$)/);
  await page.getByRole('button', { name: 'Skip the rest' }).click();
}
