// The follow-up emails (issue 42, decision 0232): the team's reminder at 14 days, the candidate's notice
// at 30. Plain text and simple HTML, every value escaped; the mailer adds the kind's unsubscribe line.
import { CLOSE_AFTER_DAYS, FOLLOW_UP_PATHS, REMINDER_AFTER_DAYS } from '../../../shared/follow-up/follow-up';
import { applicantPath } from '../../../shared/applicants/page-props';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../plugins/ssr';

const page = (body: string) => `<!doctype html><html lang="en"><body>${body}</body></html>`;
const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

export function reminderEmail(options: { to: string; applicationId: string; fullName: string; jobTitle: string; publicUrl: string }): MailMessage {
  const link = `${options.publicUrl}${applicantPath(options.applicationId)}`;
  const subject = `${options.fullName} is waiting to hear about ${options.jobTitle}`;
  const lines = [
    `${options.fullName} applied for ${options.jobTitle} ${REMINDER_AFTER_DAYS} days ago and has not heard from you yet.`,
    `Move the application's stage or write to them. Without an answer, it closes for them in ${CLOSE_AFTER_DAYS - REMINDER_AFTER_DAYS} more days, with a kind notice; "Keep open" on the application stops that.`,
  ];
  return {
    to: options.to,
    subject,
    text: [...lines, '', `Open the application: ${link}`].join('\n\n'),
    html: page(`${paragraphs(lines)}<p><a href="${escapeHtml(link)}">Open the application</a></p>`),
    kind: 'application-reminders',
  };
}

export function closedEmail(options: { to: string; fullName: string; jobTitle: string; companyName: string; publicUrl: string }): MailMessage {
  const myJobs = `${options.publicUrl}${SEEKER_PATHS.myJobs}`;
  const gotHired = `${options.publicUrl}${FOLLOW_UP_PATHS.gotHired}`;
  const firstName = options.fullName.trim().split(/\s+/)[0] || 'there';
  const subject = `Your application for ${options.jobTitle} is no longer under consideration`;
  const lines = [
    `Hi ${firstName},`,
    `${options.companyName} has not answered your application for ${options.jobTitle} in ${CLOSE_AFTER_DAYS} days, so we have closed it for you rather than leave you waiting.`,
    'Silence says nothing about you or your application. New jobs are posted every day, and your profile is ready for the next one.',
    `Found a job already? Tell us, and we will tidy up your other applications: ${gotHired}`,
  ];
  return {
    to: options.to,
    subject,
    text: [...lines, `Your applications: ${myJobs}`].join('\n\n'),
    html: page(`${paragraphs(lines)}<p><a href="${escapeHtml(myJobs)}">See your applications</a></p>`),
    kind: 'application-closed',
  };
}
