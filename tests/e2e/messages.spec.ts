// Issue 42, messages end to end (decision 0229): an employer writes to an applicant from the application
// page; the candidate sees the unread count, opens the conversation and replies; the employer sees the
// reply counted as unread, reads it, and sees "Seen" under their own message once the candidate has read
// it. The employer at 1440 px, the candidate at 375 px, axe on each page. Plain form posts throughout.
import { expect, test, type Page } from './test';
import { employerWithCompany, inE2eDatabase, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail } from './visitor';
import { postJobThroughSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('an employer writes to an applicant, the candidate replies, each sees what is unread', async ({ browser }) => {
  const title = `Dock Lead ${Math.random().toString(36).slice(2, 7)}`;
  const company = 'Harbor Freight Lines';

  const employer = await newVisitor(browser, { viewport: 'desktop' });
  const employerErrors = collectPageErrors(employer.page);
  await employerWithCompany(employer.context, uniqueEmail('messages-employer'), { name: company });
  await postJobThroughSteps(employer.page, { title, description: '## The job\n\nLead the dock crew on the morning shift.', pay: '24' });
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

  const seeker = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const seekerErrors = collectPageErrors(seeker.page);
  await signedIn(seeker.context, uniqueEmail('messages-seeker'));
  await saveSeekerProfile(seeker.page, { name: 'Rosa Diaz', phone: '+1 512 555 0144', location: 'Austin, TX' });
  await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
  await openJobFromResults(seeker.page, title);
  await applyWithoutResume(seeker.page);
  await expect(seeker.page.getByText('Application sent.')).toBeVisible();

  // The employer opens the application and writes.
  const applicationId = await inE2eDatabase(async (db) =>
    (await db.selectFrom('job_applications as a').innerJoin('jobs as j', 'j.id', 'a.job_id').select('a.id').where('j.title', '=', title).executeTakeFirstOrThrow()).id,
  );
  await employer.page.goto(`/candidates/${applicationId}`);
  await employer.page.getByRole('link', { name: 'Message Rosa Diaz' }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Rosa Diaz' })).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await employer.page.getByLabel('Your message').fill('Hi Rosa, can you come in Tuesday at 10? Directions: https://harbor.example/visit');
  await employer.page.getByRole('button', { name: 'Send' }).click();
  await expect(employer.page.getByRole('status')).toHaveText('Message sent.');
  await expect(employer.page.getByText('Sent', { exact: true })).toBeVisible();
  // The employer leaves the conversation: an open one reads new messages as they arrive (decision 0230).
  await employer.page.goto('/dashboard');

  // The candidate: Messages counts one unread conversation; the message's link is a link.
  await seeker.page.goto('/messages');
  await expect(seeker.page.getByText('1 unread conversation')).toBeVisible();
  const row = seeker.page.getByRole('link', { name: new RegExp(`${company}.*1 unread`) });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'messages-list-unread');
  await expectNoSidewaysScroll(seeker.page);
  await row.click();
  await expect(seeker.page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const link = seeker.page.getByRole('link', { name: /https:\/\/harbor\.example\/visit/ });
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  await seeker.page.getByLabel('Your message').fill('Tuesday at 10 works. See you then!');
  await seeker.page.getByRole('button', { name: 'Send' }).click();
  await expect(seeker.page.getByRole('status')).toHaveText('Message sent.');
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'messages-conversation');
  await expectNoSidewaysScroll(seeker.page);

  // The employer: the reply is unread until opened. Their own message was read: "Seen".
  await employer.page.goto('/messages');
  await expect(employer.page.getByText('1 unread conversation')).toBeVisible();
  await employer.page.getByRole('link', { name: /Rosa Diaz.*1 unread/ }).click();
  await expect(employer.page.getByText('Tuesday at 10 works. See you then!')).toBeVisible();
  await expect(employer.page.getByText('Seen', { exact: true })).toBeVisible();
  // The candidate's reply is "Sent" until the employer opened it, "Seen" after.
  await expect(seeker.page.getByText('Sent', { exact: true })).toBeVisible();
  await seeker.page.goto(seeker.page.url().replace(/\?.*$/, ''));
  await expect(seeker.page.getByText('Seen', { exact: true })).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'messages-conversation-employer');
  await employer.page.goto('/messages');
  await expect(employer.page.getByText('You are all caught up.')).toBeVisible();

  expect(employerErrors).toEqual([]);
  expect(seekerErrors).toEqual([]);
});
