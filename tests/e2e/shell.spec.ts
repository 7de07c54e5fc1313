import { expect, test, type Browser } from './test';
import { VIEWPORTS, collectPageErrors, expectNoAxeViolations, screenshot } from './support';

async function open(browser: Browser, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], url = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url);
  // The search bar appears once React has hydrated the page.
  if (url.startsWith('/?') || url === '/') await expect(page.getByRole('search')).toBeVisible();
  return { context, page, errors };
}

test.describe('desktop header at 1440 px', () => {
  test('audience dropdowns open on click and close on outside click and Escape', async ({ browser }) => {
    const { context, page, errors } = await open(browser, VIEWPORTS.desktop);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
    const seekers = header.getByRole('button', { name: 'Job Seekers' });
    await expect(seekers).toHaveAttribute('aria-expanded', 'false');
    await seekers.click();
    await expect(seekers).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#menu-job-seekers');
    await expect(panel.getByRole('link', { name: 'Browse Jobs' })).toBeVisible();
    await screenshot(page, 'header-dropdown');

    await page.getByRole('heading', { level: 1 }).click();
    await expect(seekers).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    const business = header.getByRole('button', { name: 'Small & Medium Businesses' });
    await business.click();
    await expect(page.getByRole('link', { name: 'Call support: 1-888-555-0142' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(business).toHaveAttribute('aria-expanded', 'false');
    await expect(business).toBeFocused();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('dropdowns work by keyboard: Enter opens, arrows move, Escape returns focus', async ({ browser }) => {
    const { context, page } = await open(browser, VIEWPORTS.desktop);
    const enterprise = page.getByRole('button', { name: 'Enterprise Businesses' });
    const panel = page.locator('#menu-enterprise-businesses');
    await enterprise.focus();
    await page.keyboard.press('Enter');
    await expect(enterprise).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: /Enterprise Overview/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: 'How It Works' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(panel.getByRole('link', { name: 'Contact Enterprise Sales' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(enterprise).toBeFocused();
    await expect(enterprise).toHaveAttribute('aria-expanded', 'false');
    // Tabbing out of an open menu closes it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: /Enterprise Overview/ })).toBeFocused();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    await expect(enterprise).toHaveAttribute('aria-expanded', 'false');
    await context.close();
  });

  test('Post a Job and Log In are links to their pages', async ({ browser }) => {
    const { context, page } = await open(browser, VIEWPORTS.desktop);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-a-job');
    await expect(header.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute(
      'href',
      '/authn/login?onboarding_method=fe.header_logged_out_global_nav.jobseeker_link&realm=candidates',
    );
    // Posting a job needs an employer account: a visitor signs in first, then comes back to the form.
    await header.getByRole('link', { name: 'Post a Job' }).click();
    await expect(page).toHaveURL(/\/authn\/employer\/login\?next=%2Fpost-a-job$/);
    await context.close();
  });
});

test('hamburger dropdown at 1024 px holds all three sections', async ({ browser }) => {
  const { context, page } = await open(browser, VIEWPORTS.tablet);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Job Seekers' })).toBeHidden();
  const menu = header.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('#menu-all');
  await expect(panel.getByText('Small & Medium Businesses')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Search Jobs' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(345);
  await screenshot(page, 'header-hamburger');
  await expectNoAxeViolations(page);
  await page.mouse.click(700, 600);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menu).toBeFocused();
  await context.close();
});

test.describe('phone at 375 px', () => {
  test('the sliding menu goes into a section and back, and closes on the overlay', async ({ browser }) => {
    const { context, page } = await open(browser, VIEWPORTS.phone);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Job Seekers' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Log In' })).toBeVisible();
    await dialog.getByRole('button', { name: 'For Employers' }).click();
    await expect(dialog.getByRole('heading', { name: 'For Employers' })).toBeVisible();
    await expect(dialog.getByText('Enterprise Businesses')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.waitForTimeout(300);
    // The menu is fixed to the viewport: a viewport screenshot shows it as a person sees it.
    await screenshot(page, 'mobile-menu-section', { viewport: true });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('button', { name: 'For Employers' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Job Seekers' }).click();
    await expect(dialog.getByRole('link', { name: 'Salaries' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.waitForTimeout(300);
    await screenshot(page, 'mobile-menu-top', { viewport: true });
    // The overlay is the dimmed area left of the panel.
    await page.mouse.click(15, 400);
    await expect(dialog).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await toggle.click();
    // Focus starts on the first section; Tab stays inside the open menu: For Employers, Log In, the
    // theme's three choices (decision 0258), then Close.
    await expect(dialog.getByRole('button', { name: 'Job Seekers' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Same as device' })).toBeVisible();
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Same as device' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test('footer columns are accordions', async ({ browser }) => {
    const { context, page } = await open(browser, VIEWPORTS.phone);
    const footer = page.getByRole('contentinfo');
    const company = footer.locator('details', { hasText: 'Company' });
    const about = footer.getByRole('link', { name: 'About Us' });
    await expect(company).not.toHaveAttribute('open');
    await expect(about).toBeHidden();
    await company.locator('summary').click();
    await expect(company).toHaveAttribute('open');
    await expect(about).toBeVisible();
    await expect(about).toHaveAttribute('href', '/about#intsrc=zr.fe.footer_light');
    await screenshot(page, 'footer-accordion');
    await company.locator('summary').click();
    await expect(about).toBeHidden();
    await expect(footer.getByRole('link', { name: 'Your Privacy Choices' })).toBeVisible();
    await context.close();
  });
});

test('footer shows five columns at 1440 px with new-tab external links', async ({ browser }) => {
  const { context, page } = await open(browser, VIEWPORTS.desktop);
  const footer = page.getByRole('contentinfo');
  for (const name of ['Job Seekers', 'Small & Medium Businesses', 'Enterprise Businesses', 'Partner with Us', 'Company']) {
    await expect(footer.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(footer.locator('summary').first()).toBeHidden();
  const terms = footer.getByRole('link', { name: /Terms of Use/ });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(footer.getByText(/© \d{4} Jobwise/)).toBeVisible();
  await context.close();
});

test('closed-job alert shows with the flag and dismisses at phone width (visual-audit.spec.ts: it shows at every width)', async ({ browser }) => {
  const { context, page } = await open(browser, VIEWPORTS.phone, '/?closed_job_redirect=1');
  const alert = page.getByRole('status').filter({ hasText: "We're sorry, the job you were trying to access has closed." });
  await expect(alert).toBeVisible();
  await screenshot(page, 'closed-job-alert');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('a content page and the not-found page at 1024 px have no axe violations (visual-audit.spec.ts: at 375 and 1440)', async ({ browser }) => {
  const { context, page, errors } = await open(browser, VIEWPORTS.tablet, '/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'content-privacy');
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors.filter((text) => !text.includes('404'))).toEqual([]);
  await context.close();
});
