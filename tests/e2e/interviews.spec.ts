// Issue 42, interviews end to end (decision 0231): the employer (1440 px) proposes times from the
// application; the candidate (375 px) picks one in the conversation; both mailboxes hold a calendar
// invitation (.ics) of the same event. Axe and screenshots at both widths.
import { expect, test } from './test';
import { employerWithCompany, inE2eDatabase, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail } from './visitor';
import { postJobThroughSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

interface Mail {
  subject: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

test('an interview is proposed and picked, and the .ics is in both mailboxes', async ({ browser }) => {
  const title = `Yard Driver ${Math.random().toString(36).slice(2, 7)}`;
  const company = 'Prairie Logistics';
  const employerEmail = uniqueEmail('interviews-employer');
  const seekerEmail = uniqueEmail('interviews-seeker');

  const employer = await newVisitor(browser, { viewport: 'desktop' });
  const employerErrors = collectPageErrors(employer.page);
  await employerWithCompany(employer.context, employerEmail, { name: company });
  await postJobThroughSteps(employer.page, { title, description: '## The job\n\nMove trailers around the yard.', pay: '23' });
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

  const seeker = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const seekerErrors = collectPageErrors(seeker.page);
  await signedIn(seeker.context, seekerEmail);
  await saveSeekerProfile(seeker.page, { name: 'Lena Park', phone: '+1 512 555 0166', location: 'Austin, TX' });
  await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
  await openJobFromResults(seeker.page, title);
  await applyWithoutResume(seeker.page);
  await expect(seeker.page.getByText('Application sent.')).toBeVisible();

  // The employer proposes two times from the application.
  const applicationId = await inE2eDatabase(async (db) =>
    (await db.selectFrom('job_applications as a').innerJoin('jobs as j', 'j.id', 'a.job_id').select('a.id').where('j.title', '=', title).executeTakeFirstOrThrow()).id,
  );
  await employer.page.goto(`/candidates/${applicationId}`);
  await employer.page.getByRole('link', { name: 'Propose interview times' }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Propose interview times' })).toBeVisible();
  await employer.page.getByLabel('Time 1').fill('2030-01-15T10:00');
  await employer.page.getByLabel('Time 2').fill('2030-01-16T15:30');
  await employer.page.getByLabel('Your time zone').selectOption('America/Chicago');
  await employer.page.getByLabel('Video call').check();
  await employer.page.getByLabel('Where').fill('https://meet.example.com/prairie-lena');
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'interview-propose-1440');
  await employer.page.getByRole('button', { name: 'Send times' }).click();
  await expect(employer.page.getByRole('status')).toHaveText('Interview times sent. The candidate picks one in your conversation.');
  await expectNoAxeViolations(employer.page);

  // The candidate picks the second time in the conversation.
  await seeker.page.goto('/messages');
  await seeker.page.getByRole('link', { name: new RegExp(company) }).click();
  const card = seeker.page.getByRole('article', { name: `Interview for ${title}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Wed, Jan 16, 2030, 3:30 PM CST')).toBeVisible();
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'interview-pick-375');
  await card.getByLabel('Wed, Jan 16, 2030, 3:30 PM CST').check();
  await card.getByRole('button', { name: 'Pick this time' }).click();
  await expect(seeker.page.getByRole('status')).toHaveText('Interview confirmed. A calendar invitation is on its way to your email.');
  await expect(seeker.page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'interview-confirmed-375');

  // The employer's interview page, confirmed.
  await employer.page.reload();
  await expect(employer.page.getByText('Confirmed', { exact: true })).toBeVisible();
  await screenshot(employer.page, 'interview-confirmed-1440');

  // Both mailboxes hold an invitation of the same event, once the job queue has sent it (decision 0303).
  const invitation = async (to: string) => {
    const confirmedMail = async () => {
      const mail = (await (await employer.page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
      return mail.find((message) => message.subject.startsWith('Interview confirmed'));
    };
    await expect.poll(async () => (await confirmedMail())?.subject, { timeout: 15_000 }).toBeTruthy();
    const confirmed = await confirmedMail();
    const file = confirmed?.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
    expect(file?.contentType).toMatch(/^text\/calendar/);
    return file!.content.replace(/\r\n[ \t]/g, '');
  };
  const forSeeker = await invitation(seekerEmail);
  const forEmployer = await invitation(employerEmail);
  for (const ics of [forSeeker, forEmployer]) {
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20300116T153000');
  }
  const uid = (ics: string) => /\r\nUID:(.+)\r\n/.exec(ics)?.[1];
  expect(uid(forSeeker)).toBeTruthy();
  expect(uid(forSeeker)).toBe(uid(forEmployer));

  expect(employerErrors).toEqual([]);
  expect(seekerErrors).toEqual([]);
});
