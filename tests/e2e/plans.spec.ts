// Issue 44, plans honestly self-serve (decision 0288): on a phone, the owner finds the plan & usage page,
// starts the free trial of Standard, sees the trial on the plan page and asks sales for a paid plan.
// At 375 px, with axe on the plan page, the trial page and the close confirm step.
import { expect, test } from './test';
import { employerWithCompany } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';

test('the owner starts the free trial and sees it on the plan page (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone' });
  const errors = collectPageErrors(page);
  await employerWithCompany(context, uniqueEmail('plans'), { name: 'Trial Freight' });

  await page.goto('/user/set-plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Employer' }).getByRole('link', { name: 'Plans' })).toHaveAttribute('aria-current', 'page');
  const usage = page.getByRole('region', { name: 'What you use' });
  await expect(usage.getByText('0 of 1 live job')).toBeVisible();
  await expect(usage.getByText('The résumé database is not part of your plan')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'plans-usage-free');

  await page.getByRole('link', { name: 'Try Standard free for 7 days' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Try Standard free for 7 days' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'plans-trial');
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/user\/set-plan\?notice=trial_started$/);
  await expect(page.getByRole('status')).toHaveText('Your free trial of Standard has started.');
  await expect(page.getByText('Standard (free trial)')).toBeVisible();
  await expect(page.getByText(/Your free trial ends on .* \(7 days left\)/)).toBeVisible();
  await expect(usage.getByText('0 of 5 live jobs')).toBeVisible();
  await expect(usage.getByText('0 of 250 résumé views this month')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Standard free for 7 days' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'plans-usage-trial');

  // Paid plans: asked for here, arranged by sales.
  await page.getByRole('radio', { name: /Premium/ }).check();
  await page.getByRole('button', { name: 'Ask our sales team' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks: we’ve told our sales team you’d like Premium. They’ll email you within one business day.');

  // Once per company: the trial page now says why there is no second one.
  await page.goto('/user/purchase-plan-simple');
  await expect(page.getByRole('status')).toContainText('Your free trial of Standard runs until');
  await expect(page.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);

  // The owner's way to close the company starts with a confirm step (closing itself: the API tests).
  await page.goto('/user/set-plan');
  await page.getByRole('link', { name: 'Close your company…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Close Trial Freight?' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I understand: close Trial Freight now.' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await screenshot(page, 'plans-close-confirm');
  expect(errors).toEqual([]);
  await context.close();
});
