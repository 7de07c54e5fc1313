// Issue 44, candidates as an app: a recruiter processes five applicants with the keyboard alone, at
// 1440 px: j to the first in the inbox, Enter to open, a digit for the stage (saved in place, no page
// load), j to the next candidate, ? for the list of keys. Then the phone's inbox: candidates first, the
// filters behind one line. axe on each. The employer, job and applicants are arranged in the database
// (decision 0224).
import { expect, test } from './test';
import { employerWithCompany, inE2eDatabase, jobWithApplicants } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 120_000 });

const NAMES = ['Ann Archer', 'Bob Baker', 'Cid Carter', 'Dee Dalton', 'Eve Evans'];

test('a recruiter processes five applicants with the keyboard alone (1440 px)', async ({ browser }) => {
  const { page, context } = await newVisitor(browser, { viewport: 'desktop' });
  const errors = collectPageErrors(page);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { companyId } = await employerWithCompany(context, uniqueEmail('keyboard-recruiter'), { name: `Keyboard Freight ${suffix}` });
  const title = `Night Loader ${suffix}`;
  const { jobId, applicationIds } = await jobWithApplicants(companyId, title, NAMES);

  await page.goto(`/candidates?job=${jobId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Candidates for ${title}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'candidates-keyboard-inbox');

  // j: the first candidate; Enter opens them.
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Ann Archer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Archer' })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor();

  // ? lists the keys in a dialog that has focus; Escape closes it.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Next candidate')).toBeVisible();
  expect(await help.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await expectNoAxeViolations(page);
  await screenshot(page, 'candidates-keyboard-help', { viewport: true });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Each candidate: a stage by its digit, shown at once and saved without a page load; j to the next.
  const digits = ['2', '3', '6', '2', '5'];
  const labels = ['Reviewed', 'Interview', 'Rejected', 'Reviewed', 'Hired'];
  for (const [index, name] of NAMES.entries()) {
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.locator('html[data-hydrated]').waitFor();
    await expect(page.getByText(`${index + 1} of 5`)).toBeVisible();
    const loads: string[] = [];
    const onLoad = () => loads.push(page.url());
    page.on('load', onLoad);
    await page.keyboard.press(digits[index]!);
    await expect(page.getByRole('list', { name: 'Status' }).getByText(labels[index]!, { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Stage changed.' })).toBeVisible();
    await expect(page.getByText(`New to ${labels[index]}`)).toBeVisible();
    page.off('load', onLoad);
    expect(loads).toEqual([]);
    if (index === 0) {
      await expectNoAxeViolations(page);
      await screenshot(page, 'candidates-keyboard-applicant');
    }
    await page.keyboard.press('j');
    if (index < NAMES.length - 1) await expect(page.getByRole('heading', { level: 1, name: NAMES[index + 1] })).toBeVisible();
  }
  await expect(page.getByText('This is the last candidate in the list.')).toBeVisible();
  // k goes back.
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { level: 1, name: 'Dee Dalton' })).toBeVisible();

  const stored = await inE2eDatabase((db) => db.selectFrom('job_applications').select(['id', 'stage']).where('job_id', '=', jobId).execute());
  expect(applicationIds.map((id) => stored.find((row) => row.id === id)?.stage)).toEqual(['reviewed', 'interview', 'rejected', 'reviewed', 'hired']);
  expect(errors).toEqual([]);
  await context.close();
});

test('on a phone the candidates come first and the filters open from one line (375 px)', async ({ browser }) => {
  const { page, context } = await newVisitor(browser, { viewport: 'phone' });
  const errors = collectPageErrors(page);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { companyId } = await employerWithCompany(context, uniqueEmail('phone-recruiter'), { name: `Phone Freight ${suffix}` });
  const { jobId } = await jobWithApplicants(companyId, `Day Picker ${suffix}`, NAMES.slice(0, 3));
  await page.goto(`/candidates?job=${jobId}`);
  const first = page.getByRole('link', { name: 'Ann Archer' });
  await expect(first).toBeInViewport();
  await expect(page.getByLabel('Stage', { exact: true })).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshot(page, 'candidates-phone-inbox', { viewport: true });
  await page.getByText('Filter and sort').click();
  await expect(page.getByLabel('Stage', { exact: true })).toBeVisible();
  await screenshot(page, 'candidates-phone-filters', { viewport: true });
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ann Archer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'candidates-phone-applicant');
  expect(errors).toEqual([]);
  await context.close();
});
