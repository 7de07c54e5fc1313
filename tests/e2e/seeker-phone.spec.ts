import { signedIn } from './arrange';
import { expect, test, type Page } from './test';
import { expectNoAxeViolations, screenshot, VIEWPORTS } from './support';
import { newVisitor, openOnSiteJob, saveSeekerProfile, uniqueEmail } from './visitor';
import { textPdf } from '../support/text-pdf';

// Issue 43 on a phone (decisions 0300, 0301): the seeker's bottom navigation, the job page's sticky
// Apply, and a résumé asked for before a one-click send.

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Job seeker' });

/** Layout shifts seen since the page loaded (the sticky bar must add none). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

test('phone: bottom navigation, the sticky Apply, and the résumé step before sending (375 px)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  await signedIn(context, uniqueEmail('phone-seeker'));
  await saveSeekerProfile(page, { name: 'Grace Hopper', phone: '(512) 555-0199', location: 'Austin, TX' });

  // The bottom navigation: five places and More, the current one marked; the page's end is not under it.
  await expect(bottomNav(page)).toBeVisible();
  for (const name of ['Search', 'Saved', 'Applied', 'Messages', 'Profile']) await expect(bottomNav(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(bottomNav(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const navTop = (await bottomNav(page).boundingBox())!.y;
  const lastFooterLine = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
  expect(lastFooterLine).toBeLessThanOrEqual(navTop + 0.5);
  await bottomNav(page).getByText('More').click();
  await expect(bottomNav(page).getByRole('link', { name: 'Job alerts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-phone-more', { viewport: true });

  // The job page: the sticky Apply appears once the box's Apply is out of view, shifting nothing.
  await openOnSiteJob(page, 'cashier');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const sticky = page.getByRole('button', { name: `Apply: ${title}` });
  await expect(sticky).toBeHidden();
  await screenshot(page, 'job-phone-top', { viewport: true });
  await page.mouse.wheel(0, 900);
  await expect(sticky).toBeVisible();
  expect(await layoutShift(page)).toBe(0);
  // It sits above the bottom navigation, not under it.
  expect((await sticky.boundingBox())!.y + (await sticky.boundingBox())!.height).toBeLessThanOrEqual((await bottomNav(page).boundingBox())!.y);
  await expectNoAxeViolations(page);
  await screenshot(page, 'job-phone-sticky-apply', { viewport: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(sticky).toBeHidden();
  await page.mouse.wheel(0, 900);

  // No résumé stored: Apply asks for one before anything is sent (decision 0300).
  await sticky.click();
  const steps = page.getByRole('dialog');
  await expect(steps.getByRole('heading', { name: 'Your résumé' })).toBeVisible();
  await expect(steps.getByText('Step 1 of 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-phone-resume-first', { viewport: true });
  await steps.getByLabel('Upload a résumé').check();
  await steps.getByLabel('Résumé file').setInputFiles({ name: 'grace-hopper.pdf', mimeType: 'application/pdf', buffer: textPdf(['Grace Hopper', 'Skills', 'COBOL, Compilers']) });
  await steps.getByRole('button', { name: 'Continue' }).click();
  await expect(steps.getByRole('heading', { name: 'Review your application' })).toBeVisible();
  await expect(steps.locator('.apply-preview')).toContainText('grace-hopper.pdf');
  await steps.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Application sent.')).toBeVisible();
  await expect(sticky).toBeHidden();

  await page.goto('/candidate/my-jobs');
  await expect(bottomNav(page).getByRole('link', { name: 'Applied' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
  await screenshot(page, 'seeker-phone-my-jobs', { viewport: true });

  // The uploaded résumé fills the profile after a review (decision 0302): the seeker unticks one skill.
  await page.goto('/candidate/resume');
  await page.getByRole('link', { name: 'Fill your profile from this résumé' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fill your profile from your résumé' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'COBOL' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Compilers' }).uncheck();
  await expectNoAxeViolations(page);
  await screenshot(page, 'resume-import-phone');
  await page.getByRole('button', { name: 'Add to my profile' }).click();
  await expect(page).toHaveURL(/\/candidate\/about\?section=saved#section-skills$/);
  await expect(page.getByText('COBOL').first()).toBeVisible();
  await expect(page.getByText('Compilers')).toHaveCount(0);
  await context.close();
});

for (const viewport of ['tablet', 'desktop'] as const) {
  test(`no bottom navigation or sticky Apply from tablet widths (${VIEWPORTS[viewport].width} px)`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport, hideSpotlight: true });
    await signedIn(context, uniqueEmail(`wide-seeker-${viewport}`));
    await openOnSiteJob(page, 'cashier');
    await expect(bottomNav(page)).toBeHidden();
    await page.mouse.wheel(0, 900);
    await expect(page.getByRole('button', { name: /^Apply: / })).toBeHidden();
    await screenshot(page, `job-wide-${viewport}`, { viewport: true });
    await page.goto('/candidate/my-jobs');
    await expect(bottomNav(page)).toBeHidden();
    await screenshot(page, `seeker-wide-${viewport}`, { viewport: true });
    await context.close();
  });
}
