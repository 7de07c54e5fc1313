// The texts of the applicant emails (issue 12). Plain text and simple HTML; every value escaped in the
// HTML. The unsubscribe line and List-Unsubscribe headers are added by the mailer for the message's kind.
import { APPLICANT_MAIL_PATHS } from '../../../shared/applicant-mail/settings';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { escapeHtml } from '../../plugins/ssr';
import type { EmailKind } from '../../../shared/mail/kinds';
import type { MailMessage } from '../mail/mailer';

export type KindedMail = MailMessage & { kind: EmailKind };

/** The employer's inbox (the spec's /candidates). */
export const INBOX_PATH = '/candidates';

export interface NewApplication {
  applicationId: string;
  jobId: string;
  jobTitle: string;
  companyName: string;
  fullName: string;
  headline: string;
  location: string;
  createdAt: number;
  failedDealBreaker: boolean;
}

const page = (body: string) => `<!doctype html><html lang="en"><body>${body}</body></html>`;

function formatDay(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}

function describe(application: NewApplication): string {
  return [application.fullName, application.headline, application.location].map((part) => part.trim()).filter(Boolean).join(' · ');
}

export function newApplicationEmail(options: { to: string; application: NewApplication; publicUrl: string }): KindedMail {
  const { application: a, publicUrl } = options;
  const inbox = `${publicUrl}${INBOX_PATH}`;
  const settings = `${publicUrl}${APPLICANT_MAIL_PATHS.account}`;
  const subject = `New application for ${a.jobTitle}: ${a.fullName}`;
  const dealBreaker = a.failedDealBreaker ? 'Note: one answer to a deal-breaker screening question was not the one you asked for.' : null;
  const text = [
    `${a.fullName} applied for ${a.jobTitle} at ${a.companyName}.`,
    '',
    describe(a),
    ...(dealBreaker ? ['', dealBreaker] : []),
    '',
    `Review the application in your inbox: ${inbox}`,
    `Choose how you hear about new applications: ${settings}`,
  ].join('\n');
  const html = page(
    `<h1>${escapeHtml(`New application for ${a.jobTitle}`)}</h1>` +
      `<p><strong>${escapeHtml(a.fullName)}</strong> applied for ${escapeHtml(a.jobTitle)} at ${escapeHtml(a.companyName)}.</p>` +
      `<p>${escapeHtml(describe(a))}</p>` +
      (dealBreaker ? `<p>${escapeHtml(dealBreaker)}</p>` : '') +
      `<p><a href="${escapeHtml(inbox)}">Review the application in your inbox</a></p>` +
      `<p><a href="${escapeHtml(settings)}">Choose how you hear about new applications</a></p>`,
  );
  return { to: options.to, subject, text, html, kind: 'new-applications' };
}

/** The day's new applications, per job (jobs in order of their newest application). */
export function digestEmail(options: { to: string; companyName: string; windowEnd: number; applications: NewApplication[]; publicUrl: string }): KindedMail {
  const { applications, publicUrl } = options;
  const inbox = `${publicUrl}${INBOX_PATH}`;
  const settings = `${publicUrl}${APPLICANT_MAIL_PATHS.account}`;
  const byJob = new Map<string, { title: string; items: NewApplication[] }>();
  for (const application of applications) {
    const group = byJob.get(application.jobId) ?? { title: application.jobTitle, items: [] };
    group.items.push(application);
    byJob.set(application.jobId, group);
  }
  const count = applications.length === 1 ? '1 new application' : `${applications.length} new applications`;
  const subject = `${count} for ${options.companyName}`;
  const textGroups = [...byJob.values()].flatMap((group) => ['', `${group.title} (${group.items.length})`, ...group.items.map((item) => `- ${describe(item)}${item.failedDealBreaker ? ' (missed a deal-breaker)' : ''}`)]);
  const text = [`${count} in the day to ${formatDay(options.windowEnd)}.`, ...textGroups, '', `Review them in your inbox: ${inbox}`, `Choose how you hear about new applications: ${settings}`].join('\n');
  const htmlGroups = [...byJob.values()]
    .map(
      (group) =>
        `<h2>${escapeHtml(group.title)} (${group.items.length})</h2><ul>` +
        group.items.map((item) => `<li>${escapeHtml(describe(item))}${item.failedDealBreaker ? ' (missed a deal-breaker)' : ''}</li>`).join('') +
        '</ul>',
    )
    .join('');
  const html = page(
    `<h1>${escapeHtml(subject)}</h1><p>${escapeHtml(`In the day to ${formatDay(options.windowEnd)}.`)}</p>${htmlGroups}` +
      `<p><a href="${escapeHtml(inbox)}">Review them in your inbox</a></p>` +
      `<p><a href="${escapeHtml(settings)}">Choose how you hear about new applications</a></p>`,
  );
  return { to: options.to, subject, text, html, kind: 'new-applications' };
}

export interface StageMailSubject {
  fullName: string;
  jobTitle: string;
  companyName: string;
}

export function interviewEmail(options: { to: string; subject: StageMailSubject; publicUrl: string }): KindedMail {
  const { subject: s, publicUrl } = options;
  const myJobs = `${publicUrl}${SEEKER_PATHS.myJobs}`;
  const subject = `${s.companyName} would like to interview you for ${s.jobTitle}`;
  const lines = [
    `Good news, ${firstName(s.fullName)}!`,
    `The team at ${s.companyName} moved your application for ${s.jobTitle} to Interview. They will contact you with the details, so keep an eye on your email and phone.`,
    'Good luck!',
  ];
  const text = [...lines.flatMap((line) => [line, '']), `See your applications: ${myJobs}`].join('\n');
  const html = page(`${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(myJobs)}">See your applications</a></p>`);
  return { to: options.to, subject, text, html, kind: 'interview' };
}

/** The kind, templated rejection (the company turns it on; decision 0157). */
export function rejectionEmail(options: { to: string; subject: StageMailSubject; publicUrl: string }): KindedMail {
  const { subject: s, publicUrl } = options;
  const search = `${publicUrl}/`;
  const { subject, lines } = rejectionText(s);
  const text = [...lines.flatMap((line) => [line, '']), `Find your next job on Jobwise: ${search}`].join('\n');
  const html = page(`${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(search)}">Find your next job on Jobwise</a></p>`);
  return { to: options.to, subject, text, html, kind: 'rejection' };
}

export function rejectionText(s: StageMailSubject): { subject: string; lines: string[] } {
  return {
    subject: `Your application for ${s.jobTitle} at ${s.companyName}`,
    lines: [
      `Hello ${firstName(s.fullName)},`,
      `Thank you for applying for ${s.jobTitle} at ${s.companyName}, and for the time you gave it. After careful thought, the team has decided to go ahead with other candidates for this role.`,
      "We know this isn't the news you hoped for. Please don't let it stop you: new jobs are posted every day, and your next application could be the one.",
      `We wish you all the best in your search.`,
      `The ${s.companyName} team, via Jobwise`,
    ],
  };
}
