// The texts of the applicant emails (issue 12). Plain text and simple HTML; every value escaped in the
// HTML. The unsubscribe line and List-Unsubscribe headers are added by the mailer for the message's kind.
import { APPLICANT_MAIL_PATHS } from '../../../shared/applicant-mail/settings';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { escapeHtml } from '../../plugins/ssr';
import type { EmailKind } from '../../../shared/mail/kinds';
import { stageEmailText, type StageSubject } from '../../../shared/notifications/stage-texts';
import type { MailMessage } from '../mail/mailer';
import { countOf } from '../../../shared/plural';

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
  const count = countOf(applications.length, 'new application', 'new applications');
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

export type StageMailSubject = StageSubject;

/** The stages that email the applicant, and the kind each email is (its own one-click unsubscribe, decision 0155). */
export const STAGE_EMAIL_KINDS = { interview: 'interview', offer: 'offer', hired: 'hired', rejected: 'rejection' } as const satisfies Record<string, EmailKind>;
export type MailedStage = keyof typeof STAGE_EMAIL_KINDS;
export const MAILED_STAGES = Object.keys(STAGE_EMAIL_KINDS) as MailedStage[];

/** The applicant's email about their application's stage; the words are in src/shared (decision 0228). */
export function stageEmail(options: { to: string; stage: MailedStage; subject: StageSubject; publicUrl: string }): KindedMail {
  const { publicUrl } = options;
  const text = stageEmailText(options.stage, options.subject);
  // A rejection points to the search; every other stage to the person's applications.
  const href = options.stage === 'rejected' ? `${publicUrl}/` : `${publicUrl}${SEEKER_PATHS.myJobs}`;
  const body = [...text.lines.flatMap((line) => [line, '']), `${text.linkLabel}: ${href}`].join('\n');
  const html = page(`${text.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(href)}">${escapeHtml(text.linkLabel)}</a></p>`);
  return { to: options.to, subject: text.subject, text: body, html, kind: STAGE_EMAIL_KINDS[options.stage] };
}

/** The rejection's subject and paragraphs, for the company page's preview. */
export function rejectionText(s: StageSubject): { subject: string; lines: string[] } {
  const { subject, lines } = stageEmailText('rejected', s);
  return { subject, lines };
}
