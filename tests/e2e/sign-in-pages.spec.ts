import Database from 'better-sqlite3';
import { expect, test, type Page } from './test';
import { existingAccount } from './arrange';
import { expectNoAxeViolations, screenshot } from './support';
import { newVisitor, readCode, skipOnboarding, uniqueEmail } from './visitor';

// The sign-in pages with script turned off, and the two screens of the flow that only show when
// something is off: the resubscribe offer and the generic error screen.
test.describe.configure({ timeout: 120_000 });

const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email' });

test.describe('signing in without script', () => {
  test(`from the Log In page to Suggested Jobs with plain form posts when our scripts fail to load (phone)`, async ({ browser }) => {
    // The browser runs script (so axe can look at the page) but none of ours arrives.
    const { context, page } = await newVisitor(browser, { viewport: 'phone' });
    await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort('connectionreset'));
    const email = uniqueEmail(`nojs-phone`);
    await page.goto('/jobseeker/home');
    await expect(page).toHaveURL(/\/authn\/login\?next=%2Fjobseeker%2Fhome$/);
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sign-in-no-script-code');
    const code = await readCode(page, email);

    // A wrong code is answered on the same step; the right one signs in and goes on.
    const codeField = page.getByRole('textbox', { name: 'Verification code' });
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid one time password. Please try again.');
    await screenshot(page, 'sign-in-no-script-wrong-code');

    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    // A new account onboards first, its steps plain forms that work with none of our scripts (decision 0234).
    await expect(page).toHaveURL(/\/candidate\/onboard$/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'sign-in-no-script-onboard');
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' }).or(page.getByRole('button', { name: 'Menu' })).first()).toBeVisible();
    await context.close();
  });

  test('with script turned off: a bad address keeps what was typed; a resend too soon is refused and the first code still works', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    await page.goto('/jobseeker/register');
    await emailField(page).fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is invalid');
    await expect(emailField(page)).toHaveValue('not-an-email');

    const email = uniqueEmail('nojs-resend');
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    const code = await readCode(page, email);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to resend code — please try again later');
    await expect(page.getByRole('textbox', { name: 'Verification code' })).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    // A new account onboards first, in plain forms without script (decision 0234).
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await context.close();
  });
});

test(`without script, a new Canadian visitor confirms the account after the code, with the email-alerts box (desktop, decision 0085)`, async ({ browser }) => {
  // The browser runs script (so axe can look at the page) but none of ours arrives.
  const { context, page } = await newVisitor(browser, { viewport: 'desktop', country: 'CA' });
  await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort('connectionreset'));
  const email = uniqueEmail(`nojs-ca-desktop`);
  await page.goto('/authn/login');
  await emailField(page).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The same code step as for anyone: nothing told before the code.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await readCode(page, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Job Seeker - Sign Up' })).toBeVisible();
  await expect(page.getByText('No Job Seeker account found — let’s create one for you.')).toBeVisible();
  await expect(emailField(page)).toHaveValue(email);
  await expectNoAxeViolations(page);
  await screenshot(page, 'sign-in-no-script-confirm');
  await page.getByRole('checkbox', { name: /email me job alerts/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // A new account onboards first, in plain forms without script (decision 0234).
  await skipOnboarding(page);
  await expect(page).toHaveURL(/\/jobseeker\/home$/);
  await context.close();
});

test('an address typed before the page’s script ran is kept when it starts, and Continue sends the code', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  // A slow network: the page's own script arrives only after the person has typed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/registration-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/jobseeker/register', { waitUntil: 'domcontentloaded' });
  const email = uniqueEmail('early');
  await emailField(page).fill(email);
  release();
  // React has taken the field over (hydrated) ...
  await page.waitForFunction(() => {
    const field = document.querySelector('input[name="email"]');
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactProps'));
  });
  // ... and what was typed is still there, in the field and in the form's state.
  await expect(emailField(page)).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
  await context.close();
});

test('partial login: a login_hint address is prefilled and its code sent at once; the code signs the person in (decision 0097)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { country: 'US' });
  // Spotlight bucketing is by chance: this visitor has seen it already, so the SMS offer is the one that follows.
  await page.addInitScript(() => window.localStorage.setItem('hideCandidateSpotlightRegistration', 'true'));
  const email = uniqueEmail('hint');
  await page.goto(`/authn/login?login_hint=${encodeURIComponent(email)}&next=%2FSalaries`);
  // No click: the flow sent the code, and the code form shows the terms footer.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(/By clicking Continue, you agree/)).toBeVisible();
  await expect(page.getByText(/undergoing site maintenance/)).toBeVisible();
  const code = await readCode(page, email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Skip' }).click();
  await skipOnboarding(page);
  await expect(page).toHaveURL(/\/Salaries$/);
  await context.close();
});

/** An account that has turned off all email (as the unsubscribe link of an alert digest does). */
function markUnsubscribed(email: string) {
  // The e2e server's own database file (playwright.config.ts); SQLite's WAL lets both write.
  const db = new Database('data/e2e.sqlite');
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update accounts set email_unsubscribed = 1 where email_normalized = ?').run(email.toLowerCase()).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

test.describe('the flow’s rarer screens', () => {
  test(`a returning job seeker who unsubscribed is offered to resubscribe, and is (phone)`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
    const email = uniqueEmail(`resub-phone`);
    await existingAccount(email);
    markUnsubscribed(email);

    await page.goto('/authn/login');
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await readCode(page, email));

    await expect(page.getByRole('heading', { level: 1, name: 'Employers may not be able to message you!' })).toBeVisible();
    await expect(page.getByText('You’re unsubscribed from Jobwise emails')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'registration-resubscribe');
    const resubscribed = page.waitForResponse((response) => response.url().endsWith('/jobseeker/register/email_resubscribe'));
    await page.getByRole('button', { name: 'Resubscribe to all emails' }).click();
    expect((await resubscribed).status()).toBe(200);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);

    const eligibility = await page.request.get('/jobseeker/register/resubscribe_eligibility');
    expect(await eligibility.json()).toEqual({ missing_email_prefs: false });
    await context.close();
  });

  test(`when part of the flow fails to load, the generic error screen shows and a report reaches the server (desktop)`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'desktop', hideSpotlight: true });
    // The SMS offer's code (with the phone library) loads only when the offer shows: the network drops it.
    await page.route(/\/assets\/sms-form-[^/]*\.js$/, (route) => route.abort('connectionreset'));
    const email = uniqueEmail('broken');
    await page.goto('/jobseeker/register');
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await readCode(page, email));

    await expect(page.getByRole('heading', { level: 1, name: 'Sorry, something went wrong!' })).toBeVisible();
    await expect(page.getByText('An error occurred.')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'registration-error-screen');

    await page.getByRole('button', { name: 'Report error' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report error' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Error Report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please describe the error.');
    await dialog.getByRole('textbox', { name: 'What was the error? What did you expect to happen instead?' }).fill('The phone step never appeared.');
    await screenshot(page, 'registration-error-report');
    const stored = page.waitForResponse((response) => response.url().endsWith('/jobseeker/register/error_report'));
    await dialog.getByRole('button', { name: 'Submit Error Report' }).click();
    expect((await stored).status()).toBe(201);
    await expect(dialog.getByRole('status')).toHaveText('Thank you. Your report was sent.');
    await context.close();
  });
});
