import { expect, test } from '@playwright/test';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`landing page at ${name} width has its headline and no axe violations`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'landing');
    await context.close();
  });
}
