import { expect, test, type Page } from './test';
import { employerWithCompany, existingAccount, makeAdmin } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot, type ViewportName } from './support';
import { E2E_COLOR_SCHEME, newVisitor, readCode, uniqueEmail } from './visitor';

/*
 * Every page a person can reach, at phone, tablet and desktop widths: nothing may stick out sideways
 * (a page that scrolls sideways on a phone is broken), and axe runs at 375 and 1440 px on the pages no
 * other spec visits.
 * With VISUAL_AUDIT=1 it also saves a full-page screenshot of each page at each width under
 * test-results/screens/audit-<name>-<width>.png, runs axe everywhere, and goes through the registration
 * modal, the no-script code step, the header menus and the admin page: that run is for a person to
 * look at the pictures, and takes about two minutes.
 */
const FULL = process.env.VISUAL_AUDIT === '1';
test.describe.configure({ timeout: FULL ? 240_000 : 90_000 });

/** What sticks out past the right edge of the viewport (a wide table in its own scrolling box is fine). */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.right <= width + 1) return false;
        const style = getComputedStyle(element);
        if (style.position === 'fixed' || style.visibility === 'hidden') return false;
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ends at ${Math.round(element.getBoundingClientRect().right)}px`);
    if (document.documentElement.scrollWidth > width) wide.unshift(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
    return wide;
  });
}

async function audit(page: Page, name: string, { axe = false } = {}) {
  const width = page.viewportSize()!.width;
  expect.soft(await sideways(page), `${name} at ${width}px`).toEqual([]);
  if (FULL) await screenshot(page, `audit-${name}`);
  if (FULL || (axe && width !== VIEWPORTS.tablet.width)) {
    await test.step(`axe: ${name} at ${width}px`, () => expectNoAxeViolations(page));
  }
}

/** Fixed layers (the modal, the menus) are seen as a person sees them: the viewport only. */
async function auditLayer(page: Page, name: string) {
  await screenshot(page, `audit-${name}`, { viewport: true });
  await expectNoAxeViolations(page);
}

// [name, path, axe here: no other spec checks this page, the page's heading]
const PUBLIC_PAGES: Array<[string, string, boolean?, string?]> = [
  ['landing', '/'],
  ['landing-closed-job', '/?closed_job_redirect=1'],
  ['results', '/jobs-search?search=driver&location=Chicago%2C+IL&radius=50'],
  ['results-none', '/jobs-search?search=zzqxv+astronaut'],
  ['results-unknown-place', '/jobs-search?search=cashier&location=Austn%2C+TX'],
  ['results-page-2', '/jobs-search?search=warehouse&page=2', true],
  ['browse', '/browse', true, 'Browse jobs'],
  ['salaries', '/Salaries', true, 'Salaries'],
  ['near-me', '/Search-Jobs-Near-Me', true, 'Jobs near you'],
  ['login', '/authn/login'],
  ['register', '/jobseeker/register'],
  ['about', '/about', true],
  ['privacy', '/privacy', true],
  ['not-found', '/no-such-page', true],
  ['employer-login', '/authn/employer/login'],
  ['plans', '/plans', true],
  ['company', '/company/jobwise-demo-company', true],
];

for (const width of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`public pages fit the screen (${width})`, async ({ browser }) => {
    // Seventeen pages and more, most with axe: 78-90 s at phone width on a slow two-core machine.
    test.setTimeout(180_000);
    const { context, page } = await newVisitor(browser, { viewport: width, hideSpotlight: true });
    for (const [name, path, axe, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (name === 'landing-closed-job') await expect(page.getByRole('status').filter({ hasText: "We're sorry, the job you were trying to access has closed." })).toBeVisible();
      await audit(page, name, { axe });
    }
    // Pagination with Previous and Next stays on one row (on a phone, the pages two away are left out).
    await page.goto('/jobs-search?search=driver&location=Chicago%2C+IL&radius=50&page=3');
    const pageLinks = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link');
    const rows = await pageLinks.evaluateAll((links) => new Set(links.filter((link) => link.getBoundingClientRect().width > 0).map((link) => Math.round(link.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    // A phone opens Filter and sort; wider, the filters are a row of menus (issue 45): one is opened.
    if (page.viewportSize()!.width >= 768) await page.locator('summary', { hasText: 'Job type' }).click();
    else await page.getByText('Filter and sort').click();
    await audit(page, 'results-filters');

    // A job page and a salary page, reached the way a person does.
    await page.goto('/jobs-search?search=cashier');
    if (page.viewportSize()!.width >= 1024) {
      // From 1024 px a title opens the job beside the list (issue 16): the pane is audited, then its title leads on.
      const pane = page.getByRole('region', { name: 'Selected job' });
      await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
      await page.locator('.job-card-title a').nth(1).click();
      await expect(page).toHaveURL(/[?&]job=/);
      await expect(pane.getByRole('heading', { level: 2 })).toBeFocused();
      await audit(page, 'results-pane', { axe: true });
      await pane.getByRole('heading', { level: 2 }).getByRole('link').click();
    } else {
      await page.locator('.job-card-title a').first().click();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Save on the job page is the same outlined button as on the results (its stylesheet loads here too).
    const save = page.getByRole('button', { name: /^Save / });
    await expect(save).toHaveCSS('border-top-style', 'solid');
    // On a raised surface: white, or the dark theme's #1a1e24.
    await expect(save).toHaveCSS('background-color', E2E_COLOR_SCHEME === 'dark' ? 'rgb(26, 30, 36)' : 'rgb(255, 255, 255)');
    await audit(page, 'job', { axe: true });
    await page.goto('/Salaries');
    await page.getByRole('main').getByRole('link', { name: 'Forklift Operator' }).click();
    await expect(page).toHaveURL(/\/Salaries\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forklift Operator salary' })).toBeVisible();
    await audit(page, 'salary', { axe: true });
    await context.close();
  });
}

test('signed-in pages fit the screen at every width', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const email = uniqueEmail('audit-seeker');
  await existingAccount(email);
  // Signing in through the Log In page, as a returning job seeker.
  await page.goto('/authn/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await audit(page, 'login-code');
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(await readCode(page, email, Date.now() - 5_000));
  await expect(page).toHaveURL(/\/jobseeker\/home$/);

  // Something on the lists: a saved job.
  await page.goto('/jobs-search?search=warehouse');
  await page.locator('.job-card').first().getByRole('button', { name: /^Save / }).click();
  await expect(page.locator('.job-card').first().getByRole('button', { name: /^Saved / })).toBeVisible();

  const pages = [
    ['seeker-home', '/jobseeker/home'],
    ['results-signed-in', '/jobs-search?search=warehouse'],
    ['saved-jobs', '/candidate/saved-jobs'],
    ['my-jobs', '/candidate/my-jobs'],
    ['candidate-about', '/candidate/about'],
    ['profile', '/profile'],
    ['candidate-resume', '/candidate/resume'],
    ['candidate-alerts', '/candidate/alerts'],
  ] as const;
  for (const [name, path] of pages) {
    await page.goto(path);
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await audit(page, name);
    }
    await page.setViewportSize(VIEWPORTS.phone);
  }
  // The account's tabs: one row on a phone that scrolls sideways, with the current tab in view (issue 43).
  const tabs = page.getByRole('navigation', { name: 'Your account' }).getByRole('link');
  await expect(tabs).toHaveCount(8);
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(tabs.and(page.locator('[aria-current="page"]'))).toBeInViewport();

  if (FULL) {
    await makeAdmin(email);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-up funnel' })).toBeVisible();
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300); // the chart redraws to the new width
      await audit(page, 'admin-analytics');
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('banner').getByRole('button', { name: 'My Account' }).click();
    await auditLayer(page, 'menu-account');
  }
  await context.close();
});

test('employer pages fit the screen at every width', async ({ browser }) => {
  // The employer's flows run at one width each (employer.spec.ts and applicants.spec.ts at 1440,
  // employer-jobs.spec.ts and applicant-mail.spec.ts at 375, with axe): here every employer page at all
  // three, with axe at 1024, which no flow visits.
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  await employerWithCompany(context, uniqueEmail('audit-employer'), { name: `Audit Freight ${Date.now().toString(36)}` });
  const pages = [
    ['employer-dashboard', '/dashboard'],
    ['employer-post-job', '/post-a-job'],
    ['employer-my-jobs', '/my-jobs'],
    ['employer-candidates', '/candidates'],
    ['employer-company', '/employer/company'],
    ['employer-team', '/employer/team'],
    ['employer-account', '/user/account'],
    ['employer-resume-database', '/resume-database'],
    ['employer-plans', '/plans'],
    ['employer-plan-usage', '/user/set-plan'],
    ['employer-trial', '/user/purchase-plan-simple'],
    ['employer-survey', '/user/employer-survey'],
    ['employer-close', '/employer/close'],
  ] as const;
  for (const [name, path] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await audit(page, name);
      if (width === 'tablet') await test.step(`axe: ${name} at 1024px`, () => expectNoAxeViolations(page));
    }
    await page.setViewportSize(VIEWPORTS.phone);
  }
  await context.close();
});

for (const width of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`registration modal, no-script code step and header menus (${width})`, async ({ browser }) => {
    test.skip(!FULL, 'pictures for a person to look at: VISUAL_AUDIT=1 (registration and shell specs test these)');
    const { context, page } = await newVisitor(browser, { viewport: width });
    await page.goto('/?showCandidateSpotlight=true');
    await expect(page.getByRole('search')).toBeVisible();
    if (width === 'phone') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await page.waitForTimeout(300); // the menu slides in
      await auditLayer(page, 'menu-sliding');
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Job Seekers' }).click();
      await page.waitForTimeout(300);
      await auditLayer(page, 'menu-sliding-section');
      await page.keyboard.press('Escape');
    } else if (width === 'tablet') {
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#menu-all')).toBeVisible();
      await auditLayer(page, 'menu-hamburger');
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Job Seekers' }).click();
      await page.waitForTimeout(200); // the chevron turns
      await auditLayer(page, 'menu-dropdown');
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: 'Small & Medium Businesses' }).click();
      await page.waitForTimeout(200);
      await auditLayer(page, 'menu-dropdown-business');
      await page.keyboard.press('Escape');
    }

    const email = uniqueEmail(`audit-${width}`);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await page.waitForTimeout(300); // the sheet slides up on a phone
    await auditLayer(page, 'modal-email');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('nobody@gmial.com');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Did you mean')).toBeVisible();
    await auditLayer(page, 'modal-email-suggestion');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await auditLayer(page, 'modal-code');
    await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await readCode(page, email));
    await expect(dialog.getByRole('heading', { name: 'Get your resume seen first' })).toBeVisible();
    await auditLayer(page, 'modal-spotlight');
    await dialog.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(dialog.getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
    await auditLayer(page, 'modal-sms');
    await context.close();

    // The code step as the server draws it for a browser with script turned off.
    const plain = await newVisitor(browser, { viewport: width, javaScriptEnabled: false });
    await plain.page.goto('/authn/login');
    await plain.page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail(`audit-nojs-${width}`));
    await plain.page.getByRole('button', { name: 'Continue' }).click();
    await expect(plain.page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(await sideways(plain.page)).toEqual([]);
    await screenshot(plain.page, 'audit-nojs-code');
    await plain.context.close();
  });
}
