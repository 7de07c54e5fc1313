import { expect, test, type APIRequestContext } from './test';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';

/** Signs in through the real API the way the registration modal does, reading the code from the mailbox. */
async function signIn(request: APIRequestContext, email: string) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const registered = await request.post('/jobseeker/register', { headers, data: { form_data: { email } } });
  expect((await registered.json()).status).toBe('SUCCESS');
  const messages = await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const code = String(messages[0].subject).match(/(\d{6})$/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const validated = await request.post('/jobseeker/register/otp_validation', { headers, data: { email, one_time_password: code } });
  expect((await validated.json()).status).toBe('SUCCESS');
}

test('a visitor is sent from Suggested Jobs to log in', async ({ page }) => {
  const response = await page.goto('/jobseeker/home');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/authn/login?next=%2Fjobseeker%2Fhome');
  expect(response).not.toBeNull();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a signed-in job seeker sees Suggested Jobs at ${name} width and can log out`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const email = `home-${name}-${Date.now()}@example.com`;
    await signIn(context.request, email);
    await page.goto('/jobseeker/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'jobseeker-home');
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/jobseeker/home');
    await expect(page).toHaveURL(/\/authn\/login\?next=/);
    await context.close();
  });
}

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
