import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import { inE2eDatabase, signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';
import { newVisitor } from './visitor';

test.describe.configure({ timeout: 120_000 });

/** Two applications to seeded jobs and one job alert, as after applying and saving a search. */
async function applicationsAndAlert(accountId: string) {
  return inE2eDatabase(async (db) => {
    const jobs = await db.selectFrom('jobs').select(['id', 'title', 'company_name']).where('status', '=', 'open').orderBy('seq', 'desc').limit(2).execute();
    const now = Date.now();
    for (const [index, job] of jobs.entries()) {
      await db
        .insertInto('job_applications')
        .values({ id: `e2e-${randomUUID()}`, account_id: accountId, job_id: job.id, full_name: 'Grace Hopper', email: 'grace@example.com', phone: '', location: 'Austin, TX', headline: '', resume_storage_key: null, created_at: now - index * 60_000 })
        .execute();
    }
    await db
      .insertInto('job_alerts')
      .values({ id: randomUUID(), account_id: accountId, search: 'warehouse', location: 'Austin, TX', radius: 25, frequency: 'daily', created_at: now, last_sent_at: now, next_send_at: now + 86_400_000 })
      .execute();
    return jobs;
  });
}

// Phone first (the flow), then the result at desktop width (decision 0224).
test('a seeker reports a new job, withdraws another application and pauses alerts (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone' });
  const { accountId } = await signedIn(context, `hired-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  const [got, other] = await applicationsAndAlert(accountId);

  await page.goto('/candidate/my-jobs');
  await page.getByRole('link', { name: 'Tell us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You got a job?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'got-hired-form');

  // Nothing chosen: the field's message, nothing stored.
  await page.getByRole('button', { name: 'Tell us' }).click();
  await expect(page.getByText('Choose where your new job is.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'got-hired-errors');

  await page.getByRole('radio', { name: 'Through one of my applications on Jobwise' }).check();
  await page.getByLabel('The application that got you the job (Jobwise)').selectOption({ label: `${got!.title} at ${got!.company_name}` });
  await page.getByRole('checkbox', { name: new RegExp(`^Withdraw ${other!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at`) }).check();
  await page.getByRole('checkbox', { name: 'Pause my job alerts (1)' }).check();
  await page.getByRole('button', { name: 'Tell us' }).click();

  const done = page.getByRole('status');
  await expect(done.getByRole('heading', { name: 'Congratulations on your new job!' })).toBeVisible();
  await expect(done).toContainText('One application was withdrawn.');
  await expect(done).toContainText('Your job alerts are paused.');
  await expectNoAxeViolations(page);
  await screenshot(page, 'got-hired-done');
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, 'got-hired-done');

  await page.getByRole('link', { name: 'Back to My jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My jobs' })).toBeVisible();
  await context.close();
});
