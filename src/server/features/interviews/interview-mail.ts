// The interview's emails (decision 0231): the invitation when the candidate picks a time, an update
// when the team moves it, a cancellation, and a reminder 24 hours before. Each person reads the time in
// their own zone, in the text and in the attached .ics. They are about an appointment the person made,
// so they have no unsubscribe kind: like the sign-in codes, they always go. They go through the job
// queue (decision 0303): retried with backoff, one Message-ID per email across tries.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { INTERVIEW_REMINDER_MS, PLACE_LABELS, interviewPath } from '../../../shared/interviews/interviews';
import { DEFAULT_TIME_ZONE, formatInZone } from '../../../shared/interviews/time-zones';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { calendarAttachment } from './interview-calendar';
import { claimReminder, dueReminders, findInterviewById, interviewPeople } from './interviews.repository';
import type { InterviewRow } from './interviews.table';

export type InterviewMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

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

/** An interview email in the job queue (decision 0303): which interview, at which SEQUENCE, for whom, and the rendered message. */
export const InterviewMailJobSchema = z.object({
  interviewId: z.string(),
  sequence: z.number().int(),
  kind: z.enum(['confirmed', 'rescheduled', 'cancelled', 'reminder']),
  side: z.enum(['seeker', 'employer']),
  message: MailMessageSchema,
});
export type InterviewMailJob = z.infer<typeof InterviewMailJobSchema>;

export interface InterviewMailDeps {
  db: Db;
  queue: QueueHandle<InterviewMailJob>;
  publicUrl: string;
}

/**
 * The idempotency key (and so the Message-ID) of one person's email about the interview at this
 * SEQUENCE: a move or a cancellation is one SEQUENCE more, so each change has keys of its own, and a
 * confirmation is never queued twice for one SEQUENCE (decision 0303).
 */
export function interviewMailKey(kind: InterviewMailKind, interview: Pick<InterviewRow, 'id' | 'sequence'>, side: 'seeker' | 'employer'): string {
  return `interview:${kind}:${interview.id}:${interview.sequence}:${side}`;
}

/** Queues both sides' emails about the interview as it now stands. Answers how many were queued. */
export async function queueInterviewEmails(deps: InterviewMailDeps, interview: InterviewRow, kind: InterviewMailKind, now: number): Promise<number> {
  const people = await interviewPeople(deps.db, interview);
  const organizer = { name: people.companyName, email: people.employerEmail ?? 'no-reply@jobwise.invalid' };
  const attendee = { name: people.candidateName, email: people.candidateEmail ?? 'no-reply@jobwise.invalid' };
  const common = { kind, interview, organizer, attendee, publicUrl: deps.publicUrl, now };
  const emails: { side: 'seeker' | 'employer'; message: MailMessage }[] = [];
  if (people.candidateEmail) emails.push({ side: 'seeker', message: interviewEmail({ ...common, to: people.candidateEmail, toName: people.candidateName, otherName: people.companyName, timeZone: interview.seeker_time_zone ?? DEFAULT_TIME_ZONE }) });
  if (people.employerEmail) emails.push({ side: 'employer', message: interviewEmail({ ...common, to: people.employerEmail, toName: people.companyName, otherName: people.candidateName, timeZone: interview.employer_time_zone }) });
  let queued = 0;
  for (const { side, message } of emails) {
    const job: InterviewMailJob = { interviewId: interview.id, sequence: interview.sequence, kind, side, message };
    if (await deps.queue.enqueue(deps.db, interviewMailKey(kind, interview, side), job)) queued += 1;
  }
  return queued;
}

/**
 * The queued job (decision 0303). A cancellation always goes; an invitation, an update or a reminder
 * that a later change made stale (the interview moved on to another SEQUENCE, or is no longer
 * confirmed, or a reminder's time has passed) ends skipped: the newer email says what holds. A failed
 * send throws, so the queue retries it with backoff and, after its last try, leaves it dead for admins.
 */
export async function sendInterviewMail(deps: { db: Db; mailer: Mailer; now: () => number; log: FastifyBaseLogger }, job: RunningJob<InterviewMailJob>): Promise<string> {
  const { interviewId, sequence, kind, message } = job.payload;
  const interview = await findInterviewById(deps.db, interviewId);
  if (!interview) return 'skipped';
  if (kind !== 'cancelled') {
    const current = interview.status === 'confirmed' && interview.sequence === sequence;
    if (!current || (kind === 'reminder' && (interview.starts_at ?? 0) <= deps.now())) return 'skipped';
  }
  try {
    await deps.mailer.send({ ...message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, interviewId, kind, attempt: job.attempt }, 'interview email not sent');
    throw error;
  }
  return 'sent';
}

/**
 * The reminder run: each confirmed interview starting within 24 hours gets both reminders queued, then
 * is claimed (one conditional update of reminder_sent_at). The keys are the interview's and its
 * SEQUENCE's, so runs racing for it queue each reminder once, and a run that dies between the two steps
 * leaves jobs the next run's enqueue finds (decisions 0272, 0303). Answers how many interviews it claimed.
 */
export async function runInterviewReminders(deps: InterviewMailDeps & { now: () => number }): Promise<{ claimed: number }> {
  const now = deps.now();
  let claimed = 0;
  for (const interview of await dueReminders(deps.db, now, INTERVIEW_REMINDER_MS)) {
    await queueInterviewEmails(deps, interview, 'reminder', now);
    if (await claimReminder(deps.db, interview, now)) claimed += 1;
  }
  return { claimed };
}
