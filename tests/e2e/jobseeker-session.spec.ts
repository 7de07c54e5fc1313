import { expect, test } from './test';
import { signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';

test('a visitor is sent from Suggested Jobs to log in', async ({ page }) => {
  const response = await page.goto('/jobseeker/home');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/authn/login?next=%2Fjobseeker%2Fhome');
  expect(response).not.toBeNull();
});

test('a signed-in job seeker sees Suggested Jobs at every width, axe clean, and can log out', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  const email = `home-${Date.now()}@example.com`;
  await signedIn(context, email);
  await page.goto('/jobseeker/home');
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'jobseeker-home');
  }
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/jobseeker/home');
  await expect(page).toHaveURL(/\/authn\/login\?next=/);
  await context.close();
});

test('the development mailbox is a page a person can read', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await context.request.post('/jobseeker/register', { headers: { 'x-requested-with': 'XMLHttpRequest' }, data: { form_data: { email: `mailbox-${Date.now()}@example.com` } } });
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Your Jobwise code: \d{6}/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'dev-mailbox');
  await context.close();
});
