import { expect, test, type Browser, type Page } from './test';
import { signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot, type ViewportName } from './support';
import { applyWithoutResume, newVisitor, openOnSiteJob, readCode } from './visitor';

/** A signed-in job seeker (arranged in the database: the sign-up itself is registration.spec.ts's). */
async function signedInPage(browser: Browser, width: ViewportName, email: string) {
  const visitor = await newVisitor(browser, { viewport: width });
  await signedIn(visitor.context, email);
  return visitor;
}

const email = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe.configure({ timeout: 150_000 });

// Each flow at one width, phone and desktop in turn (decision 0224).

test('save from the results and the job page, logged in (desktop)', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, 'desktop', email('saver-desktop'));
  await page.goto('/jobs-search?search=warehouse');
  const firstCard = page.locator('.job-card').first();
  const title = (await firstCard.locator('.job-card-title').innerText()).trim();
  const save = firstCard.getByRole('button', { name: new RegExp(`^Save ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(firstCard.getByRole('button', { name: /^Saved / })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-results-saved');
  // Still saved after a reload: the server renders the state.
  await page.reload();
  await expect(page.locator('.job-card').first().getByRole('button', { name: /^Saved / })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/candidate/saved-jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-saved-jobs');
  // Unsave from the list.
  await page.getByRole('button', { name: /^Saved / }).first().click();
  await expect(page.getByRole('button', { name: /^Save / }).first()).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});


test(`profile, one-click apply, applying twice, my jobs (phone)`, async ({ browser, baseURL }) => {
  const { context, page } = await signedInPage(browser, 'phone', email('apply-phone'));
  const jobPath = await openOnSiteJob(page, 'cashier');
  // Without a profile, Apply asks for it over the job (decision 0233, apply-flow.spec.ts); here the profile page.
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/candidate/about?next=${encodeURIComponent(jobPath)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Phone').fill('12');
  await page.getByLabel('Location').fill('Austin, TX');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Phone number is invalid')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-about-errors');
  await page.getByLabel('Phone').fill('(512) 555-0199');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${jobPath}$`));
  await applyWithoutResume(page);
  await expect(page.getByText('Application sent.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Applied', { exact: true })).toBeVisible();
  await screenshot(page, 'seeker-job-applied');
  // A second apply (another tab that still shows the button) is refused kindly.
  const again = await page.request.post('/candidate/apply', { headers: { 'x-requested-with': 'XMLHttpRequest', origin: baseURL! }, form: { listing_key: await page.locator('input[name="listing_key"]').first().inputValue() } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error_message).toBe("You've already applied to this job. The employer has your application.");
  await page.goto('/candidate/my-jobs');
  await expect(page.getByRole('heading', { level: 2, name: 'Applied (1)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-my-jobs');
  await page.goto('/jobseeker/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Suggested Jobs' })).toBeVisible();
  await expect(page.getByText(/^Because you applied to /).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-suggested-jobs');
  await context.close();
});


test(`résumé upload and job alerts (desktop)`, async ({ browser }) => {
  const { context, page } = await signedInPage(browser, 'desktop', email('cv-desktop'));
  await page.goto('/candidate/resume');
  await page.getByLabel('Upload your résumé').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is not a pdf') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert').getByText('Upload a PDF or Word (.docx) file.')).toBeVisible();
  await page.getByLabel('Upload your résumé').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Your résumé is uploaded.')).toBeVisible();
  await expect(page.getByText('cv.pdf')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-resume');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download your résumé' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('cv.pdf');

  await page.goto('/candidate/alerts');
  await page.getByLabel('Job title or keywords').fill('forklift');
  await page.getByLabel('Location').fill('Austin, TX');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByText('Job alert created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'forklift near Austin, TX' })).toBeVisible();
  await page.getByText('Edit').click();
  await page.locator('form[action^="/candidate/alerts/"]').first().getByLabel('Job title or keywords').fill('welder');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'welder near Austin, TX' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-alerts');
  await page.getByRole('button', { name: /^Delete alert welder/ }).click();
  await expect(page.getByText('Job alert deleted.')).toBeVisible();
  await expect(page.getByText('You have no job alerts yet.')).toBeVisible();
  await context.close();
});

// Logged out: each action goes through the registration modal and completes without a reload.
let visitorCount = 0;
async function visitor(browser: Browser, width: keyof typeof VIEWPORTS, baseURL: string) {
  visitorCount += 1;
  const context = await browser.newContext({
    viewport: VIEWPORTS[width],
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${test.info().workerIndex % 250}.${visitorCount % 250}` },
  });
  await context.addInitScript(() => window.localStorage.setItem('hideCandidateSpotlightRegistration', 'true'));
  return { context, page: await context.newPage() };
}

async function registerInModal(page: Page, address: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(address);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const code = await readCode(page, address);
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  // A new account is offered SMS updates; skipping ends the flow and runs the action.
  await dialog.getByRole('button', { name: 'Skip' }).click();
}

test('a visitor saves from the results through the modal (search-context copy); the save and an alert happen without a reload', async ({ browser, baseURL }) => {
  const { context, page } = await visitor(browser, 'phone', baseURL!);
  await page.goto('/jobs-search?search=warehouse&location=Austin%2C+TX');
  const firstCard = page.locator('.job-card').first();
  await firstCard.getByRole('button', { name: /^Save / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^We found [\d,]+ open positions$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-modal-save', { viewport: true });
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await registerInModal(page, email('visitor-save'));
  await expect(firstCard.getByRole('button', { name: /^Saved / })).toHaveAttribute('aria-pressed', 'true');
  expect(reloaded).toBe(false);
  await page.goto('/candidate/alerts');
  await expect(page.getByRole('heading', { level: 2, name: 'warehouse near Austin, TX' })).toBeVisible();
  await context.close();
});

test('a visitor applies through the modal (apply copy); the application continues after log-in', async ({ browser, baseURL }) => {
  const { context, page } = await visitor(browser, 'desktop', baseURL!);
  await openOnSiteJob(page, 'cashier');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign up or log in to apply' })).toBeVisible();
  // Spec 2.6: the modal's header names the job (title, company and place).
  await expect(page.getByRole('dialog').locator('.modal-job-summary__title')).toHaveText(title);
  // The registration from a job page carries the listing's version key.
  const registration = page.waitForRequest((request) => new URL(request.url()).pathname === '/jobseeker/register' && request.method() === 'POST');
  await registerInModal(page, email('visitor-apply'));
  expect(JSON.parse((await registration).postData() ?? '{}').listing_version_key).toMatch(/^lvk_/);
  // A brand-new account has no profile yet: the application continues in the apply dialog, which asks for it (decision 0233).
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  await screenshot(page, 'seeker-visitor-apply');
  await context.close();
});

test('a visitor applies on the company site through the modal (external copy): a new tab opens and the page moves to Suggested Jobs', async ({ browser, baseURL }) => {
  const { context, page } = await visitor(browser, 'desktop', baseURL!);
  await page.goto('/jobs-search?search=driver');
  const links = await page.locator('.job-card-title a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  let found = false;
  for (const href of links) {
    const html = await (await page.request.get(href)).text();
    // The server-rendered button, not the page data: every job's data names its click-recording address.
    if (html.includes('Apply on company site')) {
      await page.goto(href);
      found = true;
      break;
    }
  }
  expect(found).toBe(true);
  await page.getByRole('link', { name: /Apply on company site/ }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign up or log in to continue to the application' })).toBeVisible();
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  const popup = context.waitForEvent('page');
  await registerInModal(page, email('visitor-external'));
  await popup;
  await expect(page).toHaveURL(/\/jobseeker\/home$/);
  // The new tab went through our click-recording address, which sent it on to the employer's site.
  expect(requested.some((url) => url.includes('/candidate/external_apply/'))).toBe(true);
  await expect.poll(() => requested.some((url) => !url.startsWith(baseURL!) && /^https?:/.test(url))).toBe(true);
  await screenshot(page, 'seeker-visitor-external-home');
  await context.close();
});
