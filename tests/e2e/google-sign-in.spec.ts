import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { GOOGLE_E2E_BASE_URL, GOOGLE_KEY_SERVER_URL } from './google-env';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';
import { skipOnboarding } from './visitor';

const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const STAND_IN = readFileSync(new URL('./fixtures/gsi-stand-in.js', import.meta.url), 'utf8');

interface TokenFields {
  email: string;
  subject: string;
  audience?: string;
}

/** An ID token signed by the test key server, as Google would return it to the page (with the page's nonce). */
async function googleToken(fields: TokenFields & { nonce?: string }): Promise<string> {
  const response = await fetch(`${GOOGLE_KEY_SERVER_URL}/sign`, { method: 'POST', body: JSON.stringify(fields) });
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Serves the Google script stand-in in place of Google's; when the person chooses, a token for `fields` comes back. */
async function standInGoogle(page: Page, fields: TokenFields) {
  await page.exposeFunction('__signGoogleToken', (nonce: string) => googleToken({ ...fields, ...(nonce ? { nonce } : {}) }));
  await page.route(GSI_SCRIPT_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }));
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe('Google sign-in with a client id configured', () => {
  test.use({ baseURL: GOOGLE_E2E_BASE_URL });

  for (const [name, width] of [['phone', 300], ['desktop', 400]] as const) {
    test(`the button renders ${width} px wide at ${name} width and a returned credential signs a new person in`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[name] });
      // The landing page's observations of the button (decision 0055), recorded on their way to the server.
      const observed: string[] = [];
      context.on('request', (request) => {
        if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/observations/observe') return;
        const batch = JSON.parse(request.postData() ?? '{"messages":[]}') as { messages: Array<{ payload: { component_id: string; action: string } }> };
        observed.push(...batch.messages.map(({ payload }) => `${payload.component_id}:${payload.action}`));
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const email = `${unique(name)}@example.com`;
      await standInGoogle(page, { email, subject: unique('sub') });

      const response = await page.goto('/');
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain(`script-src 'self' ${GSI_SCRIPT_URL}`);
      expect(csp).toContain('frame-src https://accounts.google.com/gsi/');

      const button = page.locator('#sso-button-slot').getByRole('button', { name: 'Continue with Google' });
      await expect(button).toBeVisible();
      expect(Math.round((await button.boundingBox())!.width)).toBe(width);
      await expect(page.getByRole('region', { name: 'Sign in to Jobwise with Google' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `google-landing-${name}`);

      const [call] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/authn/jobseeker/google_login_or_reg')),
        button.click(),
      ]);
      expect(call.request().postData()).toContain('source=landing');
      expect(call.status()).toBe(200);
      await skipOnboarding(page);
      await expect(page).toHaveURL(/\/jobseeker\/home$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
      await expect(page.getByRole('main').getByText(email)).toBeVisible();
      await screenshot(page, `google-signed-in-${name}`);
      await expect.poll(() => observed.filter((step) => step.startsWith('single_sign_on:'))).toEqual(['single_sign_on:DISPLAY', 'single_sign_on:SSO_CLICK', 'single_sign_on:SSO_SUCCESS']);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('one-tap: a credential from the prompt signs the person in and follows next_url and lvk', async ({ browser }) => {
    const context = await browser.newContext({ viewport: VIEWPORTS.tablet });
    const page = await context.newPage();
    const email = `${unique('one-tap')}@example.com`;
    await standInGoogle(page, { email, subject: unique('sub') });
    await page.goto('/?next_url=%2FSalaries&lvk=lvk-123');
    const [call] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/authn/jobseeker/google_login_or_reg')),
      page.getByRole('region', { name: 'Sign in to Jobwise with Google' }).getByRole('button', { name: 'Continue as Test Person' }).click(),
    ]);
    const form = new URLSearchParams(call.postData() ?? '');
    expect(form.get('component_id')).toBe('google-one-tap');
    expect(form.get('redirect_url')).toBe('/Salaries');
    expect(form.get('listing_version_key')).toBe('lvk-123');
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/Salaries$/);
    await context.close();
  });

  test('the registration modal shows the Google button in its single sign-on slot, and it signs the person in', async ({ browser }) => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const email = `${unique('modal')}@example.com`;
    await standInGoogle(page, { email, subject: unique('sub') });
    await page.goto('/');
    await expect(page.locator('#sso-button-slot').getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    const oneTap = page.getByRole('region', { name: 'Sign in to Jobwise with Google' });
    await expect(oneTap).toBeVisible();
    await page.getByRole('link', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog');
    // Opening the modal closes the one-tap prompt: one way to sign in at a time.
    await expect(oneTap).toHaveCount(0);
    const button = dialog.getByRole('button', { name: 'Continue with Google' });
    await expect(button).toBeVisible();
    expect(Math.round((await button.boundingBox())!.width)).toBe(300);
    await expect(dialog.getByRole('separator')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'google-modal');
    const [call] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/authn/jobseeker/google_login_or_reg')), button.click()]);
    expect(new URLSearchParams(call.postData() ?? '').get('component_id')).toBe('get-started-cta');
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await context.close();
  });

  test('a refused credential shows the prefixed message and signs nobody in', async ({ browser }) => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await standInGoogle(page, { email: `${unique('wrong')}@example.com`, subject: unique('sub'), audience: 'someone-else.apps.googleusercontent.com' });
    await page.goto('/');
    await page.locator('#sso-button-slot').getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unsuccessful call to Google Registration Api: Unable to verify your credentials. Please try again');
    await expect(page).toHaveURL(`${GOOGLE_E2E_BASE_URL}/`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'google-refused');
    await context.close();
  });
});

test('without a client id: an empty slot, nothing loaded from Google, CSP unchanged', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost')) outside.push(request.url());
  });
  const response = await page.goto('/');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.locator('#sso-button-slot')).toBeEmpty();
  await expect(page.locator('#google-yolo-prompt')).toHaveCount(0);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-src 'none'");
  expect(csp).not.toContain('google');
  expect(outside).toEqual([]);
  await context.close();
});
