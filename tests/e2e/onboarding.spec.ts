import { expect, test } from './test';
import { expectNoAxeViolations, screenshot } from './support';
import { newVisitor, readCode, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 150_000 });

// Issue 43, decision 0234: after the spec 4.3 offers a new account answers what it wants, and the
// suggestions and the first alert come from the answers.
test('a new sign-up goes through the offers, then onboarding: two answers, the rest skipped, suggestions that match (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const email = uniqueEmail('onboard');
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(await readCode(page, email));
  // The SMS offer comes first, as before.
  await expect(dialog.getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();

  await expect(page).toHaveURL(/\/candidate\/onboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What jobs do you want?' })).toBeVisible();
  await expectNoAxeViolations(page);
  const title = page.getByRole('combobox', { name: 'Job title', exact: true });
  await title.fill('Nurse');
  // The search's typeahead offers titles.
  await expect(page.getByRole('listbox', { name: 'Job title suggestions' }).getByRole('option').first()).toBeVisible();
  await title.press('Escape');
  await screenshot(page, 'onboarding-titles-375');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Where do you want to work?' })).toBeVisible();
  await page.getByRole('combobox', { name: 'City, state or ZIP' }).fill('Houston, TX');
  await page.getByRole('combobox', { name: 'City, state or ZIP' }).press('Escape');
  await page.getByLabel('Within').selectOption('50');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'What is the lowest pay you would take?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Skip the rest' }).click();

  await expect(page).toHaveURL(/\/jobseeker\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(/Because you want Nurse jobs|Near Houston, TX/).first()).toBeVisible();
  await expect(main.getByText(/San Diego/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'onboarding-suggestions-375');

  // The first alert came from the answers.
  await page.goto('/candidate/alerts');
  await expect(page.getByRole('main').getByText(/Nurse/).first()).toBeVisible();

  // Settings, at 1440 px too.
  await page.goto('/candidate/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-settings-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/candidate/onboard');
  await screenshot(page, 'onboarding-titles-1440');
  await page.goto('/candidate/password');
  await screenshot(page, 'seeker-settings-1440');
  await context.close();
});
