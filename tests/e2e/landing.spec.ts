import { expect, test } from './test';
import { VIEWPORTS, collectPageErrors, expectNoAxeViolations, screenshot } from './support';

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`landing page at ${name} width: onboarding, search after hydration, reviews, no axe violations or console errors`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const pageView = page.waitForRequest((request) => request.url().endsWith('/events/log') && request.method() === 'POST');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/jobseeker/register');
    await expect(page.locator('#sso-button-slot')).toBeAttached();
    await expect(page.getByRole('link', { name: /Global Terms of Use/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('heading', { level: 2, name: 'What job seekers say' })).toBeVisible();
    await expect(page.getByText('Rated the #1 job site in the US')).toBeVisible();
    const search = page.getByRole('search');
    await expect(search).toBeVisible();
    await expect(search.getByRole('combobox', { name: 'Job title' })).toBeVisible();
    await expect(search.getByRole('combobox', { name: 'Location' })).toBeVisible();
    expect((await pageView).postData()).toContain('event_type=page_view');
    await expectNoAxeViolations(page);
    await screenshot(page, 'landing');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the search bar sends the job title and location to /jobs-search', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Job title' }).fill('Forklift operator');
  await page.getByRole('combobox', { name: 'Location' }).fill('Columbus, OH');
  // Waits for the page the search lands on rather than for its request: a request made while the
  // listener was being set up could be missed (the page got there, the test timed out).
  await page.getByRole('button', { name: 'Search Jobs' }).click();
  await page.waitForURL(/\/jobs-search\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/jobs-search');
  expect(url.searchParams.get('search')).toBe('Forklift operator');
  expect(url.searchParams.get('location')).toBe('Columbus, OH');
  await context.close();
});

test('Get Started opens the registration modal, loaded on demand', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('search')).toBeVisible();
  const scriptsBefore = await page.evaluate(() => performance.getEntriesByType('resource').length);
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The modal's code arrives with the click, not with the page.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(scriptsBefore);
  expect(new URL(page.url()).pathname).toBe('/');
  await context.close();
});

test('the landing page reads with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?closed_job_redirect=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
  await expect(page.getByText("We're sorry, the job you were trying to access has closed.")).toBeVisible();
  // The footer accordions are native <details>: they open without JavaScript.
  const footer = page.getByRole('contentinfo');
  await footer.locator('summary', { hasText: 'Company' }).click();
  await expect(footer.getByRole('link', { name: 'About Us' })).toBeVisible();
  await context.close();
});
