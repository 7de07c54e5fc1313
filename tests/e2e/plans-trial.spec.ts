// Decision 0309: /plans offers the free trial while the company can still start it, and not once used.
// At 375 and 1440 px, with axe and screenshots.
import { employerWithCompany } from './arrange';
import { expect, test } from './test';
import { expectNoAxeViolations, screenshot } from './support';
import { uniqueEmail } from './visitor';

for (const width of [375, 1440]) {
  test(`the owner starts the trial from /plans, which then no longer offers it (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await employerWithCompany(context, uniqueEmail('trial-offer'), { name: `Offer Freight ${width}` });
    const page = await context.newPage();
    await page.goto('/plans');
    const offer = page.getByRole('link', { name: 'Try Standard free for 7 days' });
    await expect(offer).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'plans-trial-offer');

    await offer.click();
    await expect(page).toHaveURL(/\/user\/purchase-plan-simple$/);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/user\/set-plan\?notice=trial_started$/);
    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 2, name: 'Standard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Standard free for 7 days' })).toHaveCount(0);
    await context.close();
  });
}
