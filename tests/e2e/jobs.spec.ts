import { expect, test } from './test';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';

const WIDTHS = { phone: VIEWPORTS.phone, desktop: VIEWPORTS.desktop };

// The browse, salary and near-me pages: visual-audit.spec.ts, at every width (axe at 375 and 1440).
for (const [name, viewport] of Object.entries(WIDTHS)) {
  test.describe(`jobs at ${name} width`, () => {
    test('results page shows the count, results with distance and pagination, and is axe clean', async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto('/jobs-search?search=driver&location=Chicago%2C+IL&radius=50');
      await expect(page.getByRole('heading', { level: 1, name: 'driver jobs in Chicago, IL' })).toBeVisible();
      // The first status is the results line (from 1024 px the pane's Apply has its own).
      await expect(page.getByRole('status').first()).toContainText(/We found [\d,]+ open positions for "driver" within 50 miles of Chicago, IL/);
      const results = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
      await expect(results.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(20);
      await expect(page.getByText(/miles away|Less than 1 mile away/).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, 'jobs-results');

      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2, current page' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('status').first()).toContainText('Page 2 of');
      await context.close();
    });

    test('type-ahead works with the keyboard and submits the search', async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto('/jobs-search');
      const what = page.getByRole('combobox', { name: 'What' });
      await what.click();
      await what.pressSequentially('forkl', { delay: 30 });
      const titles = page.getByRole('listbox', { name: 'What suggestions' });
      await expect(titles.getByRole('option', { name: 'Forklift Operator', exact: true })).toBeVisible();
      await expect(what).toHaveAttribute('aria-expanded', 'true');
      await what.press('ArrowDown');
      await expect(titles.getByRole('option', { name: 'Forklift Operator', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(what).toHaveAttribute('aria-activedescendant', /.+/);
      await what.press('Enter');
      await expect(what).toHaveValue('Forklift Operator');
      await expect(titles).toBeHidden();

      const where = page.getByRole('combobox', { name: 'Where' });
      await where.click();
      await where.pressSequentially('hous', { delay: 30 });
      const places = page.getByRole('listbox', { name: 'Where suggestions' });
      await expect(places.getByRole('option', { name: 'Houston, TX', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, 'jobs-typeahead');
      await where.press('ArrowDown');
      await where.press('Enter');
      await expect(where).toHaveValue('Houston, TX');
      // Escape closes the list; a second Enter submits the form.
      await where.press('Escape');
      await where.press('Enter');
      await expect(page).toHaveURL(/search=Forklift\+Operator&location=Houston%2C\+TX/);
      await expect(page.getByRole('heading', { level: 1, name: 'Forklift Operator jobs in Houston, TX' })).toBeVisible();
      await context.close();
    });

    test('job page shows the job with Apply and Save, and is axe clean', async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto('/jobs-search?search=nurse&location=TX');
      if (viewport.width >= 1024) {
        // From 1024 px a title opens the job beside the list (issue 16); the pane's title is the job's page.
        const pane = page.getByRole('region', { name: 'Selected job' });
        await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
        await page.getByRole('list').getByRole('heading', { level: 2 }).first().getByRole('link').click();
        await pane.getByRole('heading', { level: 2 }).getByRole('link').click();
      } else {
        await page.getByRole('list').getByRole('heading', { level: 2 }).first().getByRole('link').click();
      }
      await expect(page).toHaveURL(/\/job\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Apply here is a button; a job that takes applications on the company's site has a link instead.
      await expect(page.getByRole('button', { name: /^Apply/ }).or(page.getByRole('link', { name: /^Apply on company site/ }))).toBeVisible();
      await expect(page.getByRole('button', { name: /^Save / })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('heading', { level: 2, name: 'Job description' })).toBeVisible();
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('JobPosting');
      await expectNoAxeViolations(page);
      await screenshot(page, 'jobs-job-page');
      await context.close();
    });
  });
}

test('an unknown place gets a clear message with close matches', async ({ page }) => {
  await page.goto('/jobs-search?search=cook&location=Austn%2C+TX');
  await expect(page.getByRole('alert')).toContainText('find the place “Austn, TX”');
  await page.getByRole('link', { name: 'Austin, TX' }).click();
  await expect(page).toHaveURL(/location=Austin%2C\+TX/);
});

test('a closed or removed job sends the visitor home with the notice flag', async ({ page }) => {
  await page.goto('/job/forklift-operator-nowhere-zz-nosuchjob1');
  await expect(page).toHaveURL(/\/\?closed_job_redirect=1$/);
});
