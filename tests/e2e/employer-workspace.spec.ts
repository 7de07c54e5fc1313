// Issue 44, the employer's shell (decision 0259): the workspace navigation on every employer page, the
// current page marked, no job-seeker menus; My Account switches to job searching and back. At 375 and
// 1440 px (the phone's menu and the wide header's), with axe on the dashboard.
import { expect, test } from './test';
import { employerWithCompany } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';

for (const width of ['phone', 'desktop'] as const) {
  test(`an employer finds the same navigation on every page and switches sides both ways (${width})`, async ({ browser }) => {
    const company = `Workspace Freight ${width}`;
    const { context, page } = await newVisitor(browser, { viewport: width });
    const errors = collectPageErrors(page);
    await employerWithCompany(context, uniqueEmail(`workspace-${width}`), { name: company });

    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Employer' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(company, { exact: true })).toBeVisible();
    await expect(page.getByText('· Owner')).toBeVisible();
    // At 1440 px the whole navigation is in view; on a phone it scrolls sideways.
    if (width === 'desktop') await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
    // No job-seeker marketing menus on the employer's side.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `employer-workspace-dashboard`);

    // From one employer page to another by the navigation; the new page marks its own link.
    await nav.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Team' })).toBeInViewport();
    await page.goto('/candidates');
    await expect(nav.getByRole('link', { name: 'Candidates' })).toHaveAttribute('aria-current', 'page');

    // To job searching, from My Account (the phone's menu).
    const openAccount = async () => {
      if (width === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      else await page.getByRole('button', { name: 'My Account' }).click();
    };
    await openAccount();
    await page.getByRole('button', { name: 'Switch to job searching' }).click();
    await expect(page).toHaveURL(/\/jobseeker\/home$/);
    await expect(page.getByRole('navigation', { name: 'Employer' })).toHaveCount(0);

    // And back to hiring: the dashboard with the workspace navigation.
    await openAccount();
    await page.getByRole('button', { name: 'Switch to hiring' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(errors).toEqual([]);
    await context.close();
  });
}
