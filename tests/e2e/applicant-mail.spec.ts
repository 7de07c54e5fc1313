// Issue 12, notifications, end to end: the employer chooses how they hear of new applications; a job
// seeker applies; the employer's email arrives in the development mailbox with its one-click
// unsubscribe; the company turns on rejection emails. At 375 px (applicants.spec.ts runs its flow at
// 1440), axe on every page. The employer's company (approved) and the seeker are arranged in the
// database: employer.spec.ts and employer-jobs.spec.ts sign up, create companies and review jobs.
import { expect, test, type Page } from './test';
import { employerWithCompany, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail, waitForMail } from './visitor';
import { postJobThroughSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

/** A page that scrolls sideways on a phone is broken. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const width = 'phone';
test(`the employer chooses their notifications, gets the new application by email, and turns on rejection emails (${width})`, async ({ browser }) => {
  const title = `Dock Loader ${width} ${Math.random().toString(36).slice(2, 7)}`;
  const company = `Harbor Freight Co ${width}`;

  const employer = await newVisitor(browser, { viewport: width });
  const errors = collectPageErrors(employer.page);
  const employerEmail = uniqueEmail(`notify-employer-${width}`);
  await employerWithCompany(employer.context, employerEmail, { name: company });
  await employer.page.goto('/employer/company');

  // Notifications: "Immediately" is the default; the employer tries the digest, then settles on immediately.
  await employer.page.getByRole('navigation', { name: 'Employer' }).getByRole('link', { name: 'Settings' }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Email notifications' })).toBeVisible();
  await expect(employer.page.getByRole('radio', { name: 'Immediately' })).toBeChecked();
  await employer.page.getByRole('radio', { name: 'Daily digest' }).check();
  await employer.page.getByRole('button', { name: 'Save notifications' }).click();
  await expect(employer.page.getByRole('status')).toHaveText('Your email notifications are saved.');
  await expect(employer.page.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await employer.page.getByRole('radio', { name: 'Immediately' }).check();
  await employer.page.getByRole('button', { name: 'Save notifications' }).click();
  await expect(employer.page.getByRole('radio', { name: 'Immediately' })).toBeChecked();
  await expectNoAxeViolations(employer.page);
  await expectNoSidewaysScroll(employer.page);
  await screenshot(employer.page, 'notify-user-account');

  // A job (the company's first was approved: this one goes live at once).
  await postJobThroughSteps(employer.page, { title, description: '## The job\n\nLoad and unload trucks at the dock.\n\n- Days\n- Weekly pay', pay: '18' });
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

  // A job seeker applies.
  const seeker = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  await signedIn(seeker.context, uniqueEmail(`notify-seeker-${width}`));
  await saveSeekerProfile(seeker.page, { name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Austin, TX' });
  await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
  await openJobFromResults(seeker.page, title);
  await applyWithoutResume(seeker.page);
  await expect(seeker.page.getByText('Application sent.')).toBeVisible();

  // The employer's email arrives (the scheduled run), with its one-click unsubscribe.
  const mail = await waitForMail(employer.page, employerEmail, `New application for ${title}: Sam Seeker`);
  expect(mail.text).toContain(`Sam Seeker applied for ${title} at ${company}.`);
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  expect(unsubscribeUrl).toMatch(/\/user\/unsubscribe\/new-applications\./);

  // The company turns on rejection emails on its profile page.
  await employer.page.goto('/employer/company');
  const card = employer.page.getByRole('region', { name: 'Emails to applicants' });
  await expect(card.getByRole('checkbox', { name: 'Send rejection emails' })).not.toBeChecked();
  await card.getByRole('checkbox', { name: 'Send rejection emails' }).check();
  await card.getByRole('button', { name: 'Save emails to applicants' }).click();
  await expect(employer.page.getByRole('status')).toHaveText('Emails to applicants are saved.');
  await expect(employer.page.getByRole('region', { name: 'Emails to applicants' }).getByRole('checkbox', { name: 'Send rejection emails' })).toBeChecked();
  await employer.page.getByRole('region', { name: 'Emails to applicants' }).getByText('Read the rejection email').click();
  await expect(employer.page.getByText(`The ${company} team, via Jobwise`)).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await expectNoSidewaysScroll(employer.page);
  await screenshot(employer.page, 'notify-company-applicant-emails');

  // The email's unsubscribe link: the page asks, one button unsubscribes from this kind only.
  await employer.page.goto(new URL(unsubscribeUrl!).pathname);
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(employer.page.getByText('Stop new application emails?')).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await expectNoSidewaysScroll(employer.page);
  await screenshot(employer.page, 'notify-unsubscribe-confirm');
  await employer.page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await expectNoSidewaysScroll(employer.page);
  await screenshot(employer.page, 'notify-unsubscribe-done');
  await employer.page.goto('/user/account');
  await expect(employer.page.getByText('You unsubscribed from new application emails')).toBeVisible();

  expect(errors).toEqual([]);
  for (const visitor of [employer, seeker]) await visitor.context.close();
});
