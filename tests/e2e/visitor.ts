// Browser-test visitors: each its own client address (and country), reading codes from the mailbox.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { VIEWPORTS, type ViewportName } from './support';

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

export async function newVisitor(browser: Browser, options: VisitorOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  if (options.country) headers['x-test-country'] = options.country;
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    extraHTTPHeaders: headers,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
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

/** Signs an account up through the API the page uses, so a later test can be a returning visitor. */
export async function createAccount(page: Page, email: string) {
  await page.goto('/authn/login');
  const headers = { 'x-requested-with': 'XMLHttpRequest', origin: new URL(page.url()).origin };
  const sent = await page.request.post('/jobseeker/register', { headers, data: { form_data: { email } } });
  expect((await sent.json()).status).toBe('SUCCESS');
  const code = await readCode(page, email);
  const verified = await page.request.post('/jobseeker/register/otp_validation', { headers, data: { email, one_time_password: code } });
  expect((await verified.json()).status).toBe('SUCCESS');
  await page.context().clearCookies();
}

