// Issue 42, notifications and the stage email, end to end (decision 0228): an employer moves an
// application to Interview; the candidate sees the bell's count and the notification, opens it (My jobs
// shows the stage), gets the interview email, and marks all read. At 375 and 1440 px, axe on each page.
// The company (approved) and the seeker are arranged in the database; the seeker applies on the job page.
import { notify } from '../../src/server/features/notifications/notifications.service';
import { expect, test, type Page } from './test';
import { employerWithCompany, inE2eDatabase, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail, waitForMail } from './visitor';
import { postJobThroughSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const width of ['phone', 'desktop'] as const) {
  test(`the candidate is told of the move to Interview: bell, notification, email, all read (${width})`, async ({ browser }) => {
    const title = `Night Picker ${width} ${Math.random().toString(36).slice(2, 7)}`;
    const company = `Bell Logistics ${width}`;

    const employer = await newVisitor(browser, { viewport: width });
    const employerErrors = collectPageErrors(employer.page);
    await employerWithCompany(employer.context, uniqueEmail(`bell-employer-${width}`), { name: company });
    await postJobThroughSteps(employer.page, { title, description: '## The job\n\nPick and pack orders on the night shift.', pay: '18' });
    await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

    const seeker = await newVisitor(browser, { viewport: width, hideSpotlight: true });
    const seekerErrors = collectPageErrors(seeker.page);
    const seekerEmail = uniqueEmail(`bell-seeker-${width}`);
    const { accountId } = await signedIn(seeker.context, seekerEmail);
    await saveSeekerProfile(seeker.page, { name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Austin, TX' });
    await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
    await openJobFromResults(seeker.page, title);
    await applyWithoutResume(seeker.page);
    await expect(seeker.page.getByText('Application sent.')).toBeVisible();
    // Something else the seeker was told earlier, so "Mark all as read" has more than one to mark.
    await inE2eDatabase((db) => notify(db, { accountId, kind: 'saved_job_closing', text: 'A job you saved closes tomorrow.', link: '/candidate/saved-jobs', now: Date.now() - 60_000 }));

    // The employer moves the application to Interview on its page.
    const applicationId = await inE2eDatabase(async (db) =>
      (await db.selectFrom('job_applications as a').innerJoin('jobs as j', 'j.id', 'a.job_id').select('a.id').where('j.title', '=', title).executeTakeFirstOrThrow()).id,
    );
    await employer.page.goto(`/candidates/${applicationId}`);
    await employer.page.getByLabel('Move to').selectOption('interview');
    await employer.page.getByRole('button', { name: 'Change stage' }).click();
    await expect(employer.page.getByText('Stage changed.')).toBeVisible();
    // The employer's own bell is there too, with nothing unread.
    await expect(employer.page.getByRole('link', { name: 'Notifications', exact: true }).first()).toBeVisible();

    // The candidate: the bell counts two; the list shows the news first.
    await seeker.page.goto('/candidate/my-jobs');
    const bell = seeker.page.getByRole('link', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await expect(bell).toContainText('2');
    await bell.click();
    await expect(seeker.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(seeker.page.getByText('2 unread notifications')).toBeVisible();
    const news = seeker.page.getByRole('button', { name: `Unread: Good news: ${company} would like to interview you for ${title}.` });
    await expect(news).toBeVisible();
    await expectNoAxeViolations(seeker.page);
    await screenshot(seeker.page, 'notifications-unread');
    await expectNoSidewaysScroll(seeker.page);

    // Opening it leads to My jobs, where the stage shows; the bell counts one.
    await news.click();
    await expect(seeker.page).toHaveURL(/\/candidate\/my-jobs$/);
    await expect(seeker.page.getByText('Status: Interview')).toBeVisible();
    await expect(seeker.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    // The interview email comes once the stage has held for the mail window.
    await waitForMail(seeker.page, seekerEmail, `${company} would like to interview you for ${title}`);

    await seeker.page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await seeker.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(seeker.page.getByRole('status')).toHaveText('All notifications are marked as read.');
    await expect(seeker.page.getByText('You are all caught up.')).toBeVisible();
    await expect(seeker.page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(seeker.page.getByRole('button', { name: /^Unread:/ })).toHaveCount(0);
    await expectNoAxeViolations(seeker.page);
    await screenshot(seeker.page, 'notifications-read');
    await expectNoSidewaysScroll(seeker.page);

    // The Emails card on About you.
    await seeker.page.goto('/candidate/about#email-choices');
    await expect(seeker.page.getByRole('checkbox', { name: 'An employer would like to interview you' })).toBeChecked();
    await expectNoAxeViolations(seeker.page);
    await screenshot(seeker.page, 'about-email-choices');

    expect(employerErrors).toEqual([]);
    expect(seekerErrors).toEqual([]);
    for (const visitor of [employer, seeker]) await visitor.context.close();
  });
}
