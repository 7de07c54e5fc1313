// The interviews feature's public module (issue 42, decision 0231): the team proposes times about an
// application, the candidate picks one or asks for others in the conversation, the team moves or
// cancels it. Each step posts a message into the conversation (through the messages feature), tells
// the other side (notify, kind 'interview'), and once a time is set, emails both a calendar invitation.
import { randomUUID } from 'node:crypto';
import {
  OPEN_STATUSES_LABEL,
  PLACE_LABELS,
  STATUS_LABELS,
  interviewActionPaths,
  interviewNotificationTexts,
  interviewPath,
  type InterviewView,
} from '../../../shared/interviews/interviews';
import type { ProposeInterviewInput } from '../../../shared/interviews/contracts';
import { formatInZone } from '../../../shared/interviews/time-zones';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import { findCompanyApplication } from '../applicants/applicants.repository';
import { moveStages } from '../applicants/applicants.service';
import { findConversation } from '../messages/messages.repository';
import { sendMessage, startConversation } from '../messages/messages.service';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { notify } from '../notifications/notifications.service';
import type { QueueHandle } from '../queue/queue.plugin';
import { queueInterviewEmails, type InterviewMailJob, type InterviewMailKind } from './interview-mail';
import { OPEN_FOR_PICKING, changeInterview, deleteInterview, findInterviewById, insertInterview, interviewPeople, listSlots, type InterviewParty } from './interviews.repository';
import type { InterviewRow, InterviewSlotRow } from './interviews.table';

export { findInterview, listInterviews, seekerPlace, type InterviewParty } from './interviews.repository';

export interface InterviewDeps {
  db: Db;
  now: number;
  rateLimitStore: RateLimitStore;
  /** The interview emails' queue (decision 0303). */
  queue: QueueHandle<InterviewMailJob>;
  publicUrl: string;
}

const subjectKey = (id: string) => `interview:${id}`;

/** The team members who hear of the candidate's answer: whoever proposed it. */
async function tellTeam(db: Db, interview: InterviewRow, text: string, now: number): Promise<void> {
  if (!interview.proposed_by) return;
  const member = await db.selectFrom('company_members').select('account_id').where('company_id', '=', interview.company_id).where('account_id', '=', interview.proposed_by).executeTakeFirst();
  if (member) await notify(db, { accountId: member.account_id, side: 'employer', kind: 'interview', text, link: interviewPath(interview.id), subjectKey: subjectKey(interview.id), now });
}

async function tellCandidate(db: Db, interview: InterviewRow, text: string, now: number): Promise<void> {
  await notify(db, { accountId: interview.seeker_account_id, side: 'seeker', kind: 'interview', text, link: interviewPath(interview.id), subjectKey: subjectKey(interview.id), now });
}

/** A message into the interview's conversation, when it has one still open; a closed one is skipped. */
async function postToConversation(deps: Pick<InterviewDeps, 'db' | 'now'>, interview: InterviewRow, party: InterviewParty, body: string): Promise<void> {
  if (!interview.conversation_id) return;
  const conversation = await findConversation(deps.db, party, interview.conversation_id);
  if (conversation) await sendMessage(deps, party, conversation, body);
}

export type ProposeResult = { kind: 'not_found' } | { kind: 'blocked' } | { kind: 'daily_limit'; retryAfterSeconds: number } | { kind: 'proposed'; interviewId: string };

/**
 * The team's proposal: 1 to 5 future times (checked by checkProposal), a place. Stored, then posted in
 * the application's conversation (started if there is none): when the conversation cannot take it
 * (blocked, the day's limit), nothing is kept.
 */
export async function proposeInterview(deps: InterviewDeps, input: { companyId: string; accountId: string; applicationId: string; proposal: ProposeInterviewInput }): Promise<ProposeResult> {
  const { db, now } = deps;
  const application = await findCompanyApplication(db, input.companyId, input.applicationId);
  if (!application) return { kind: 'not_found' };
  const id = newRowId();
  const { proposal } = input;
  const row: InterviewRow = {
    id,
    application_id: application.id,
    company_id: input.companyId,
    seeker_account_id: application.account_id,
    conversation_id: null,
    proposed_by: input.accountId,
    job_title: application.job_title,
    status: 'proposed',
    employer_time_zone: proposal.timeZone,
    seeker_time_zone: null,
    place_kind: proposal.placeKind,
    place: proposal.place,
    minutes: proposal.minutes,
    note: proposal.note,
    starts_at: null,
    calendar_uid: `${randomUUID()}@jobwise`,
    sequence: 0,
    reminder_sent_at: null,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute((trx) => insertInterview(trx, row, proposal.times));
  const lines = [
    `Interview times for ${application.job_title} (${proposal.minutes} minutes, ${PLACE_LABELS[proposal.placeKind].toLowerCase()}):`,
    ...proposal.times.map((ms) => `• ${formatInZone(ms, proposal.timeZone)}`),
    `Where: ${proposal.place}`,
    ...(proposal.note ? ['', proposal.note] : []),
    '',
    `Pick one, or ask for other times: ${deps.publicUrl}${interviewPath(id)}`,
  ];
  const started = await startConversation(deps, { companyId: input.companyId, accountId: input.accountId, subject: { kind: 'application', id: application.id }, body: lines.join('\n') });
  if (started.kind !== 'started' && started.kind !== 'existing') {
    await deleteInterview(db, id);
    return started.kind === 'daily_limit' ? started : started.kind === 'blocked' ? { kind: 'blocked' } : { kind: 'not_found' };
  }
  const party: InterviewParty = { side: 'employer', accountId: input.accountId, companyId: input.companyId };
  await db.updateTable('interviews').set({ conversation_id: started.conversationId }).where('id', '=', id).execute();
  row.conversation_id = started.conversationId;
  if (started.kind === 'existing') {
    const conversation = await findConversation(db, party, started.conversationId);
    const sent = conversation ? await sendMessage(deps, party, conversation, lines.join('\n')) : null;
    if (!sent || sent.kind !== 'sent') {
      await deleteInterview(db, id);
      return { kind: 'blocked' };
    }
  }
  const company = await db.selectFrom('companies').select('name').where('id', '=', input.companyId).executeTakeFirst();
  await tellCandidate(db, row, interviewNotificationTexts.proposed(company?.name ?? 'An employer', application.job_title), now);
  return { kind: 'proposed', interviewId: id };
}

/**
 * A change to an interview and the emails it sends, in one transaction: the emails are queued exactly
 * when the change is stored, so a crash between the two loses neither (decisions 0272, 0303). Answers
 * the interview as changed, or null when the change did not apply.
 */
async function changeWithEmails(deps: InterviewDeps, interviewId: string, kind: InterviewMailKind | null, change: (trx: Db) => Promise<boolean>): Promise<InterviewRow | null> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await change(trx))) return null;
    const changed = (await findInterviewById(trx, interviewId))!;
    if (kind) await queueInterviewEmails({ ...deps, db: trx }, changed, kind, deps.now);
    return changed;
  });
}

export type StepResult = { kind: 'done'; interview: InterviewRow } | { kind: 'not_open' } | { kind: 'no_such_time' };

/** The candidate picks one of the times; their zone is the one their invitation is written in. */
export async function pickInterviewTime(deps: InterviewDeps, seekerAccountId: string, interview: InterviewRow, pick: { slotId: string; timeZone: string }): Promise<StepResult> {
  const { db, now } = deps;
  const slot = (await listSlots(db, [interview.id])).find((candidate) => candidate.id === pick.slotId);
  if (!slot) return { kind: 'no_such_time' };
  if (slot.starts_at <= now) return { kind: 'no_such_time' };
  const confirmed = await changeWithEmails(deps, interview.id, 'confirmed', (trx) =>
    changeInterview(trx, interview.id, OPEN_FOR_PICKING, { status: 'confirmed', starts_at: slot.starts_at, seeker_time_zone: pick.timeZone, reminder_sent_at: null, updated_at: now }),
  );
  if (!confirmed) return { kind: 'not_open' };
  const people = await interviewPeople(db, confirmed);
  // Picking a time is the interview being arranged: the application moves to Interview, unless the team has already gone further.
  if (people.stage === 'new' || people.stage === 'reviewed' || people.stage === 'rejected') {
    await moveStages(db, { companyId: confirmed.company_id, ids: [confirmed.application_id], stage: 'interview', by: confirmed.proposed_by ?? seekerAccountId, now });
  }
  await postToConversation(deps, confirmed, { side: 'seeker', accountId: seekerAccountId }, `I picked ${formatInZone(slot.starts_at, pick.timeZone)} for the interview. See you then.`);
  await tellTeam(db, confirmed, interviewNotificationTexts.picked(people.candidateName, confirmed.job_title, formatInZone(slot.starts_at, confirmed.employer_time_zone)), now);
  return { kind: 'done', interview: confirmed };
}

/** The candidate asks for other times, with a note, in the conversation. */
export async function askForOtherTimes(deps: InterviewDeps, seekerAccountId: string, interview: InterviewRow, note: string): Promise<StepResult> {
  const { db, now } = deps;
  const changed = await changeInterview(db, interview.id, OPEN_FOR_PICKING, { status: 'other_times_asked', updated_at: now });
  if (!changed) return { kind: 'not_open' };
  const updated = (await findInterviewById(db, interview.id))!;
  const people = await interviewPeople(db, updated);
  await postToConversation(deps, updated, { side: 'seeker', accountId: seekerAccountId }, `None of these times work for me. Could we find other times?${note ? `\n\n${note}` : ''}`);
  await tellTeam(db, updated, interviewNotificationTexts.otherTimes(people.candidateName, updated.job_title), now);
  return { kind: 'done', interview: updated };
}

/** The team moves a confirmed interview: the same event, one SEQUENCE more, a reminder again. */
export async function rescheduleInterview(
  deps: InterviewDeps,
  party: Extract<InterviewParty, { side: 'employer' }>,
  interview: InterviewRow,
  change: { startsAt: number; timeZone: string; placeKind: InterviewRow['place_kind']; place: string },
): Promise<StepResult> {
  const { db, now } = deps;
  const moved = await changeWithEmails(deps, interview.id, 'rescheduled', (trx) =>
    changeInterview(
      trx,
      interview.id,
      ['confirmed'],
      { starts_at: change.startsAt, employer_time_zone: change.timeZone, place_kind: change.placeKind, place: change.place, sequence: interview.sequence + 1, reminder_sent_at: null, updated_at: now },
      interview.sequence,
    ),
  );
  if (!moved) return { kind: 'not_open' };
  const company = await db.selectFrom('companies').select('name').where('id', '=', moved.company_id).executeTakeFirst();
  await postToConversation(deps, moved, party, `The interview has moved to ${formatInZone(change.startsAt, change.timeZone)}. Where: ${change.place}. An updated calendar invitation is in your email.`);
  await tellCandidate(db, moved, interviewNotificationTexts.rescheduled(company?.name ?? 'The employer', moved.job_title, formatInZone(change.startsAt, moved.seeker_time_zone ?? change.timeZone)), now);
  return { kind: 'done', interview: moved };
}

/** The team cancels it. A confirmed one sends both a METHOD:CANCEL of the same event. */
export async function cancelInterview(deps: InterviewDeps, party: Extract<InterviewParty, { side: 'employer' }>, interview: InterviewRow): Promise<StepResult> {
  const { db, now } = deps;
  // Only a confirmed interview had invitations out: only its cancellation is emailed.
  const cancelled = await changeWithEmails(deps, interview.id, interview.status === 'confirmed' ? 'cancelled' : null, (trx) =>
    changeInterview(trx, interview.id, ['proposed', 'other_times_asked', 'confirmed'], { status: 'cancelled', sequence: interview.sequence + 1, updated_at: now }, interview.sequence),
  );
  if (!cancelled) return { kind: 'not_open' };
  const company = await db.selectFrom('companies').select('name').where('id', '=', cancelled.company_id).executeTakeFirst();
  await postToConversation(deps, cancelled, party, `The interview for ${cancelled.job_title} is cancelled.`);
  await tellCandidate(db, cancelled, interviewNotificationTexts.cancelled(company?.name ?? 'The employer', cancelled.job_title), now);
  return { kind: 'done', interview: cancelled };
}

/** What a party sees of an interview, the times in `timeZone`. */
export function interviewView(interview: InterviewRow, slots: InterviewSlotRow[], viewer: { side: 'seeker' | 'employer'; timeZone: string; withName: string }, now: number): InterviewView {
  const slotView = (id: string, ms: number) => ({ id, label: formatInZone(ms, viewer.timeZone), at: new Date(ms).toISOString() });
  const open = OPEN_FOR_PICKING.includes(interview.status);
  return {
    id: interview.id,
    href: interviewPath(interview.id),
    status: interview.status,
    statusLabel: viewer.side === 'seeker' && interview.status === 'proposed' ? OPEN_STATUSES_LABEL : STATUS_LABELS[interview.status],
    jobTitle: interview.job_title,
    withName: viewer.withName,
    placeKind: interview.place_kind,
    placeLabel: PLACE_LABELS[interview.place_kind],
    place: interview.place,
    placeHref: interview.place_kind === 'video' ? interview.place : null,
    minutes: interview.minutes,
    slots: open ? slots.filter((slot) => slot.interview_id === interview.id && slot.starts_at > now).map((slot) => slotView(slot.id, slot.starts_at)) : [],
    chosen: interview.starts_at !== null && interview.status !== 'proposed' ? slotView(interview.id, interview.starts_at) : null,
    timeZone: viewer.timeZone,
    canPick: viewer.side === 'seeker' && open,
    canAskOtherTimes: viewer.side === 'seeker' && interview.status === 'proposed',
    canChange: viewer.side === 'employer' && interview.status !== 'cancelled',
    actions: interviewActionPaths(interview.id),
  };
}

export { listSlots };
