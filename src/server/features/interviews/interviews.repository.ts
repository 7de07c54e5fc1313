// Interviews' rows (decision 0231). A party sees an interview only when it is theirs: the candidate's own,
// or one of their company's; anything else is not found.
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { InterviewStatus } from '../../../shared/interviews/interviews';
import type { InterviewRow, InterviewSlotRow, InterviewsTable } from './interviews.table';

export type InterviewParty = { side: 'seeker'; accountId: string } | { side: 'employer'; accountId: string; companyId: string };

/** The statuses in which the candidate can still pick a time. */
export const OPEN_FOR_PICKING: readonly InterviewStatus[] = ['proposed', 'other_times_asked'];

const toRow = (row: InterviewRow): InterviewRow => ({
  ...row,
  minutes: Number(row.minutes),
  sequence: Number(row.sequence),
  starts_at: row.starts_at === null ? null : Number(row.starts_at),
  reminder_sent_at: row.reminder_sent_at === null ? null : Number(row.reminder_sent_at),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

export async function insertInterview(db: Db, row: Omit<InterviewsTable, 'id'> & { id: string }, slots: number[]): Promise<void> {
  await db.insertInto('interviews').values(row).execute();
  await db
    .insertInto('interview_slots')
    .values(slots.map((startsAt) => ({ id: newRowId(), interview_id: row.id, starts_at: startsAt })))
    .execute();
}

export async function deleteInterview(db: Db, id: string): Promise<void> {
  await db.deleteFrom('interviews').where('id', '=', id).execute();
}

export async function findInterview(db: Db, party: InterviewParty, id: string): Promise<InterviewRow | undefined> {
  let query = db.selectFrom('interviews').selectAll().where('id', '=', id);
  query = party.side === 'seeker' ? query.where('seeker_account_id', '=', party.accountId) : query.where('company_id', '=', party.companyId);
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findInterviewById(db: Db, id: string): Promise<InterviewRow | undefined> {
  const row = await db.selectFrom('interviews').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function listSlots(db: Db, interviewIds: string[]): Promise<InterviewSlotRow[]> {
  if (interviewIds.length === 0) return [];
  const rows = await db.selectFrom('interview_slots').selectAll().where('interview_id', 'in', interviewIds).orderBy('starts_at').orderBy('id').execute();
  return rows.map((row) => ({ ...row, starts_at: Number(row.starts_at) }));
}

/** The party's interviews in a conversation, or about an application (the team's only), newest first. */
export async function listInterviews(db: Db, party: InterviewParty, by: { conversationId: string } | { applicationId: string }): Promise<InterviewRow[]> {
  let query = db.selectFrom('interviews').selectAll();
  query = 'conversationId' in by ? query.where('conversation_id', '=', by.conversationId) : query.where('application_id', '=', by.applicationId);
  query = party.side === 'seeker' ? query.where('seeker_account_id', '=', party.accountId) : query.where('company_id', '=', party.companyId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute();
  return rows.map(toRow);
}

/**
 * Moves an interview from one of `from` to its next state: one conditional update, so of two clicks
 * (or two tabs) only one changes it. Answers whether this one did.
 */
export async function changeInterview(db: Db, id: string, from: readonly InterviewStatus[], set: Partial<Omit<InterviewsTable, 'id'>>, expectedSequence?: number): Promise<boolean> {
  let query = db.updateTable('interviews').set(set).where('id', '=', id).where('status', 'in', [...from]);
  if (expectedSequence !== undefined) query = query.where('sequence', '=', expectedSequence);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirmed interviews starting within `withinMs` whose reminder nobody has claimed. */
export async function dueReminders(db: Db, now: number, withinMs: number): Promise<InterviewRow[]> {
  const rows = await db
    .selectFrom('interviews')
    .selectAll()
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now)
    .where('starts_at', '<=', now + withinMs)
    .where('reminder_sent_at', 'is', null)
    .orderBy('starts_at')
    .limit(500)
    .execute();
  return rows.map(toRow);
}

/** Claims the reminder of the interview at this sequence: only one run (of any instance) wins. */
export async function claimReminder(db: Db, interview: Pick<InterviewRow, 'id' | 'sequence'>, now: number): Promise<boolean> {
  const result = await db
    .updateTable('interviews')
    .set({ reminder_sent_at: now })
    .where('id', '=', interview.id)
    .where('status', '=', 'confirmed')
    .where('sequence', '=', interview.sequence)
    .where('reminder_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who is who: the candidate's email and name, the team member's email, the company's name. */
export async function interviewPeople(db: Db, interview: Pick<InterviewRow, 'application_id' | 'seeker_account_id' | 'proposed_by' | 'company_id'>) {
  const [application, seeker, proposer, company] = await Promise.all([
    db.selectFrom('job_applications').select(['full_name', 'stage']).where('id', '=', interview.application_id).executeTakeFirst(),
    db.selectFrom('accounts').select('email').where('id', '=', interview.seeker_account_id).executeTakeFirst(),
    interview.proposed_by ? db.selectFrom('accounts').select('email').where('id', '=', interview.proposed_by).executeTakeFirst() : Promise.resolve(undefined),
    db.selectFrom('companies').select('name').where('id', '=', interview.company_id).executeTakeFirst(),
  ]);
  return {
    candidateName: application?.full_name || 'The candidate',
    candidateEmail: seeker?.email ?? null,
    stage: application?.stage ?? null,
    employerEmail: proposer?.email ?? null,
    companyName: company?.name ?? 'The employer',
  };
}

/** The candidate's place ("City, ST"), for the first choice of their zone. */
export async function seekerPlace(db: Db, accountId: string): Promise<string> {
  const row = await db.selectFrom('seeker_profiles').select('location').where('account_id', '=', accountId).executeTakeFirst();
  return row?.location ?? '';
}
