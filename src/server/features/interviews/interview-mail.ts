// The interview's emails (decision 0231): the invitation when the candidate picks a time, an update
// when the team moves it, a cancellation, and a reminder 24 hours before. Each person reads the time in
// their own zone, in the text and in the attached .ics. They are about an appointment the person made,
// so they have no unsubscribe kind: like the sign-in codes, they always go.
import type { FastifyBaseLogger } from 'fastify';
import { INTERVIEW_REMINDER_MS, PLACE_LABELS, interviewPath } from '../../../shared/interviews/interviews';
import { DEFAULT_TIME_ZONE, formatInZone } from '../../../shared/interviews/time-zones';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import type { Mailer, MailMessage } from '../mail/mailer';
import { calendarAttachment } from './interview-calendar';
import { claimReminder, dueReminders, interviewPeople, releaseReminder } from './interviews.repository';
import type { InterviewRow } from './interviews.table';

export type InterviewMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

export interface InterviewMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const SUBJECTS: Record<InterviewMailKind, (job: string, other: string) => string> = {
  confirmed: (job, other) => `Interview confirmed: ${job} with ${other}`,
  rescheduled: (job, other) => `Interview moved: ${job} with ${other}`,
  cancelled: (job, other) => `Interview cancelled: ${job} with ${other}`,
  reminder: (job, other) => `Tomorrow: your ${job} interview with ${other}`,
};

const OPENINGS: Record<InterviewMailKind, string> = {
  confirmed: 'Your interview is confirmed.',
  rescheduled: 'Your interview has moved to a new time.',
  cancelled: 'Your interview is cancelled.',
  reminder: 'A reminder: your interview is in 24 hours.',
};

/** One person's email about the interview, the time in their zone, with the .ics (not for a reminder). */
export function interviewEmail(options: {
  kind: InterviewMailKind;
  interview: InterviewRow;
  to: string;
  toName: string;
  otherName: string;
  timeZone: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  publicUrl: string;
  now: number;
}): MailMessage {
  const { interview, kind } = options;
  const startsAt = interview.starts_at!;
  const link = `${options.publicUrl}${interviewPath(interview.id)}`;
  const when = formatInZone(startsAt, options.timeZone);
  const where = `${PLACE_LABELS[interview.place_kind]}: ${interview.place}`;
  const lines = [
    OPENINGS[kind],
    '',
    `Job: ${interview.job_title}`,
    `With: ${options.otherName}`,
    `${kind === 'cancelled' ? 'Was' : 'When'}: ${when} (${interview.minutes} minutes)`,
    `Where: ${where}`,
    '',
    kind === 'cancelled' ? 'The attached file takes the interview off your calendar.' : kind === 'reminder' ? `Details: ${link}` : `The attached invitation adds it to your calendar. Details: ${link}`,
  ];
  const attachments =
    kind === 'reminder'
      ? undefined
      : [
          calendarAttachment({
            uid: interview.calendar_uid,
            sequence: interview.sequence,
            method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
            startsAt,
            minutes: interview.minutes,
            timeZone: options.timeZone,
            summary: `Interview: ${interview.job_title} (${options.attendee.name} and ${options.organizer.name})`,
            description: `${where}\n${link}`,
            location: interview.place,
            url: link,
            organizer: options.organizer,
            attendee: options.attendee,
            now: options.now,
          }),
        ];
  return {
    to: options.to,
    subject: SUBJECTS[kind](interview.job_title, options.otherName),
    text: lines.join('\n'),
    html:
      '<!doctype html><html lang="en"><body>' +
      `<p>${escapeHtml(OPENINGS[kind])}</p><ul>${lines
        .slice(2, 6)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>` +
      `<p><a href="${escapeHtml(link)}">See the interview on Jobwise</a></p></body></html>`,
    attachments,
  };
}

/** Both sides' emails about the interview as it now stands. Answers how many went; a failure is logged. */
export async function sendInterviewEmails(deps: InterviewMailDeps, interview: InterviewRow, kind: InterviewMailKind, now: number): Promise<{ sent: number; failed: number }> {
  const people = await interviewPeople(deps.db, interview);
  const organizer = { name: people.companyName, email: people.employerEmail ?? 'no-reply@jobwise.invalid' };
  const attendee = { name: people.candidateName, email: people.candidateEmail ?? 'no-reply@jobwise.invalid' };
  const messages: MailMessage[] = [];
  const common = { kind, interview, organizer, attendee, publicUrl: deps.publicUrl, now };
  if (people.candidateEmail) messages.push(interviewEmail({ ...common, to: people.candidateEmail, toName: people.candidateName, otherName: people.companyName, timeZone: interview.seeker_time_zone ?? DEFAULT_TIME_ZONE }));
  if (people.employerEmail) messages.push(interviewEmail({ ...common, to: people.employerEmail, toName: people.companyName, otherName: people.candidateName, timeZone: interview.employer_time_zone }));
  const result = { sent: 0, failed: 0 };
  for (const message of messages) {
    try {
      await deps.mailer.send(message);
      result.sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, interviewId: interview.id, kind }, 'interview email not sent');
      result.failed += 1;
    }
  }
  return result;
}

/**
 * The reminder run: each confirmed interview starting within 24 hours is claimed (one conditional
 * update of reminder_sent_at, so one instance and one run send it), then both sides are emailed. When
 * neither email goes, the claim is given back for the next run.
 */
export async function runInterviewReminders(deps: InterviewMailDeps & { now: () => number }): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const total = { sent: 0, failed: 0 };
  for (const interview of await dueReminders(deps.db, now, INTERVIEW_REMINDER_MS)) {
    if (!(await claimReminder(deps.db, interview, now))) continue;
    const result = await sendInterviewEmails(deps, interview, 'reminder', now);
    if (result.sent === 0 && result.failed > 0) await releaseReminder(deps.db, interview.id, now);
    total.sent += result.sent;
    total.failed += result.failed;
  }
  return total;
}
