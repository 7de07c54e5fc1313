import { expect, test, type Page } from './test';
import { existingAccount } from './arrange';
import { expectNoAxeViolations, screenshot } from './support';
import { backdateLastCodeSent, newVisitor, readCode, skipOnboarding, uniqueEmail } from './visitor';

/** The modal is fixed to the viewport: a viewport screenshot shows it as a person sees it. */
async function modalScreenshot(page: Page, name: string) {
  await screenshot(page, name, { viewport: true });
}

const dialog = (page: Page) => page.getByRole('dialog');
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email' });
const digit = (page: Page, n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` });

async function openGetStarted(page: Page, path = '/') {
  await page.goto(path);
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(dialog(page)).toBeVisible();
}

async function submitEmail(page: Page, email: string) {
  await emailField(page).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function typeCode(page: Page, code: string) {
  await digit(page, 1).click();
  await page.keyboard.type(code);
}

// Whole flows with axe on each form take a while on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

test.describe('registration and log-in by emailed code', () => {
  test(`a new job seeker goes from Get Started to logged in, through the spotlight and SMS offers (phone)`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'phone' });
    const email = uniqueEmail('new');
    await openGetStarted(page, '/?showCandidateSpotlight=true');
    await expect(dialog(page).getByRole('heading', { name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-form');
    await submitEmail(page, email);

    await expect(dialog(page).getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    // While a code is pending the modal cannot be closed.
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-otp');
    await typeCode(page, await readCode(page, email));

    await expect(dialog(page).getByRole('heading', { name: 'Get your resume seen first' })).toBeVisible();
    await expect(dialog(page).getByText('Early Access')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('hideCandidateSpotlightRegistration'))).toBe('true');
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-spotlight');
    await dialog(page).getByRole('button', { name: 'Skip for Now' }).click();

    await expect(dialog(page).getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-sms');
    await dialog(page).getByLabel(/Phone number/).fill('12');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Phone number is invalid');
    await dialog(page).getByLabel(/Phone number/).fill('(202) 555-0123');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();

    // A new account goes through onboarding after the offers (decision 0234); onboarding.spec.ts answers it.
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await context.close();
  });

  test('a returning job seeker gets the same code form as anyone, and is logged in (decision 0085)', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { hideSpotlight: true });
    const email = uniqueEmail('back');
    await existingAccount(email);
    // The account exists (arranged in the database); no code was sent to it yet, so one goes at once.
    const sentAfter = Date.now() - 1000;
    await openGetStarted(page);
    await submitEmail(page, email);
    await expect(dialog(page).getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await typeCode(page, await readCode(page, email, sentAfter));
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await context.close();
  });

  test('a wrong code, then the right one', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { hideSpotlight: true });
    const email = uniqueEmail('wrong');
    await openGetStarted(page);
    await submitEmail(page, email);
    const code = await readCode(page, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await typeCode(page, wrong);
    await expect(dialog(page).getByRole('alert')).toHaveText('Invalid one time password. Please try again.');
    // Clear the boxes from the last one back, as a person would.
    await digit(page, 6).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await expect(digit(page, 1)).toHaveValue('');
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    await page.keyboard.type(code);
    await expect(dialog(page).getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Skip' }).click();
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await context.close();
  });

  test('resend after the countdown sends a new code that works', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { hideSpotlight: true });
    await page.clock.install();
    const email = uniqueEmail('resend');
    await openGetStarted(page);
    await submitEmail(page, email);
    await expect(dialog(page).getByText(/^Resend code in 0:5\d|^Resend code in 1:00/)).toBeVisible();
    const first = await readCode(page, email);
    await expect(dialog(page).getByRole('button', { name: 'Resend code' })).toHaveCount(0);
    // The browser's clock passes the minute at once; the server keeps real time and refuses a
    // resend within 60 s of the last send, so its record of that send moves a minute back too.
    await page.clock.runFor(60_000);
    await expect(dialog(page).getByRole('button', { name: 'Resend code' })).toBeVisible();
    backdateLastCodeSent(email, 61_000);
    const resentAt = Date.now();
    await digit(page, 1).click();
    await page.keyboard.type('12');
    await dialog(page).getByRole('button', { name: 'Resend code' }).click();
    await expect(dialog(page).getByText('Resend code in 1:00')).toBeVisible();
    await expect(digit(page, 1)).toHaveValue('');
    await expect(dialog(page).getByText(/undergoing site maintenance/)).toBeVisible();
    const second = await readCode(page, email, resentAt);
    expect(second).not.toBe(first);
    await typeCode(page, second);
    await expect(dialog(page).getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    await context.close();
  });

  test(`a visitor from Canada confirms the new account with the email-alerts checkbox and gets no SMS offer (desktop)`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'desktop', country: 'CA', hideSpotlight: true });
    const email = uniqueEmail('canada');
    await openGetStarted(page);
    await submitEmail(page, email);
    // The confirmation comes once the code has proved the mailbox (decision 0085).
    await expect(dialog(page).getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await typeCode(page, await readCode(page, email));
    await expect(dialog(page).getByRole('heading', { name: 'Job Seeker - Sign Up' })).toBeVisible();
    await expect(dialog(page).getByText('No Job Seeker account found — let’s create one for you.')).toBeVisible();
    await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-confirmation');
    await dialog(page).getByRole('checkbox', { name: /email me job alerts/ }).check();
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await context.close();
  });

  test('a typo suggestion accepted, and one dismissed', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { hideSpotlight: true });
    const name = uniqueEmail('typo').split('@')[0];
    await openGetStarted(page);
    await submitEmail(page, `${name}@gmial.com`);
    await expect(dialog(page).getByText('Did you mean')).toBeVisible();
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-suggestion');
    await dialog(page).getByRole('button', { name: 'Yes' }).click();
    await expect(emailField(page)).toHaveValue(`${name}@gmail.com`);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(dialog(page).getByText(`${name}@gmail.com`)).toBeVisible();
    await context.close();

    const second = await newVisitor(browser, { hideSpotlight: true });
    const other = uniqueEmail('typo2').split('@')[0];
    await openGetStarted(second.page);
    await submitEmail(second.page, `${other}@hotmial.com`);
    await expect(dialog(second.page).getByText('Did you mean')).toBeVisible();
    await dialog(second.page).getByRole('button', { name: 'No' }).click();
    await expect(dialog(second.page).getByText('Did you mean')).toHaveCount(0);
    await dialog(second.page).getByRole('button', { name: 'Continue' }).click();
    await expect(dialog(second.page).getByText(`${other}@hotmial.com`)).toBeVisible();
    await second.context.close();
  });

  test('on a phone the modal is a bottom sheet that closes when dragged down', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'phone' });
    await openGetStarted(page);
    const sheet = dialog(page);
    await expect(sheet).toHaveAttribute('data-presentation', 'sheet');
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-sheet');
    const handle = page.getByTestId('sheet-handle');
    const box = (await handle.boundingBox())!;
    const height = (await sheet.boundingBox())!.height;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Slowly, past 40% of the sheet's height.
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (height * 0.5 * step) / 10);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeFocused();
    await context.close();
  });

  test('a whole run by keyboard only', async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { hideSpotlight: true });
    const email = uniqueEmail('keys');
    await page.goto('/');
    const getStarted = page.getByRole('link', { name: 'Get Started' }).first();
    for (let i = 0; i < 60 && !(await getStarted.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(getStarted).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emailField(page)).toBeFocused();
    // Escape closes and focus returns to Get Started; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(getStarted).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emailField(page)).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(digit(page, 1)).toBeFocused();
    await page.keyboard.type(await readCode(page, email));
    await expect(dialog(page).getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    await expect(dialog(page).getByLabel(/Phone number/)).toBeFocused();
    await page.keyboard.type('2025550123');
    await page.keyboard.press('Enter');
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await context.close();
  });
});

test.describe('the registration pages', () => {
  test(`/authn/login at phone width: the form as a page, logged in, then back to next`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
    const email = uniqueEmail(`page-phone`);
    await page.goto('/jobseeker/home');
    await expect(page).toHaveURL(/\/authn\/login\?next=%2Fjobseeker%2Fhome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in or sign up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I’m an Employer' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'registration-login-page');
    await submitEmail(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await typeCode(page, await readCode(page, email));
    await page.getByRole('button', { name: 'Skip' }).click();
    await skipOnboarding(page);
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await context.close();
  });

  test('/jobseeker/register shows the landingPage copy; I’m an Employer goes to the employer login', async ({ browser }) => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/jobseeker/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/authn/login?onboarding_method=fe.footer_seo.jobseeker_link&realm=candidates');
    await page.getByRole('button', { name: 'I’m an Employer' }).click();
    await expect(page).toHaveURL(/\/authn\/employer\/login/);
    await context.close();
  });

  test('a 5xx answer to the registration call shows the generic call-failure message', async ({ browser }) => {
    const { context, page } = await newVisitor(browser);
    // The server answers 5xx for a registration: the form says so; nothing else breaks.
    await page.route('**/jobseeker/register', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await page.goto('/jobseeker/register');
    await submitEmail(page, uniqueEmail('down'));
    await expect(page.getByRole('alert')).toHaveText('Error. Something went wrong. We were unable to complete your last action... please try again.');
    await context.close();
  });
});

for (const viewport of ['phone', 'desktop'] as const) {
  test(`the modal forms at ${viewport} width: screenshots and axe`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport });
    await openGetStarted(page);
    await expectNoAxeViolations(page);
    await modalScreenshot(page, 'registration-modal-form');
    await context.close();
  });
}
