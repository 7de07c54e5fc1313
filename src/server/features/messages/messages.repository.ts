import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { MessagesSide } from '../../../shared/messages/constants';
import type { ConversationRow, ConversationsTable, MessageRow, MessagesTable } from './messages.table';
import { containsText } from '../../db/like';

/** Whose conversations: a job seeker's own, or every one of a company's (its whole team sees them). */
export type Party = { side: 'seeker'; accountId: string } | { side: 'employer'; accountId: string; companyId: string };

export interface ConversationListRow {
  id: string;
  title: string;
  job_title: string;
  last_message_at: number;
  last_body: string | null;
  unread: number;
}

/** What a conversation's notifications are about: one per person, kept to the newest message (decision 0228). */
export const conversationSubjectKey = (conversationId: string) => `conversation:${conversationId}`;


/** The party's conversation with this id, or undefined: another company's or seeker's is not found. */
export async function findConversation(db: Db, party: Party, id: string): Promise<ConversationRow | undefined> {
  let query = db.selectFrom('conversations').selectAll().where('id', '=', id);
  query = party.side === 'seeker' ? query.where('seeker_account_id', '=', party.accountId) : query.where('company_id', '=', party.companyId);
  const row = await query.executeTakeFirst();
  return row ? { ...row, created_at: Number(row.created_at), last_message_at: Number(row.last_message_at) } : undefined;
}

export async function findConversationByApplication(db: Db, applicationId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
}

export async function findConversationByInvitation(db: Db, invitationId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('invitation_id', '=', invitationId).executeTakeFirst();
}

/**
 * The company's résumé-database invitation of a job seeker still in the résumé database: what lets a
 * team write to someone who did not apply (decision 0229).
 */
export async function invitationToMessage(db: Db, companyId: string, invitationId: string) {
  return db
    .selectFrom('resume_invitations as i')
    .innerJoin('jobs as j', 'j.id', 'i.job_id')
    .innerJoin('resume_seekers as s', 's.account_id', 'i.seeker_account_id')
    .leftJoin('seeker_profiles as p', 'p.account_id', 'i.seeker_account_id')
    .select(['i.id', 'i.seeker_account_id', 'j.title as job_title', 's.initials', 'p.full_name'])
    .where('i.id', '=', invitationId)
    .where('i.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function insertConversation(db: Db, row: Omit<Insertable<ConversationsTable>, 'id'>): Promise<string> {
  const id = newRowId();
  await db.insertInto('conversations').values({ id, ...row }).execute();
  return id;
}

/**
 * The party's conversations, unread first, then newest first, each with its title (the other side), its newest message
 * and how many messages from the other side this person has not read. `q` matches the other side's
 * name or the job's title.
 */
export async function listConversations(db: Db, party: Party, q: string, limit: number): Promise<ConversationListRow[]> {
  const otherSide: MessagesSide = party.side === 'seeker' ? 'employer' : 'seeker';
  let query = db
    .selectFrom('conversations as c')
    .leftJoin('conversation_reads as r', (join) => join.onRef('r.conversation_id', '=', 'c.id').on('r.account_id', '=', party.accountId))
    .select((eb) => [
      'c.id',
      'c.job_title',
      'c.last_message_at',
      eb
        .selectFrom('messages as m')
        .select('m.body')
        .whereRef('m.conversation_id', '=', 'c.id')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_body'),
      eb
        .selectFrom('messages as m')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.author_side', '=', otherSide)
        .where('m.created_at', '>', sql<number>`coalesce(${sql.ref('r.read_at')}, 0)`)
        .as('unread'),
    ]);
  if (party.side === 'seeker') {
    query = query.innerJoin('companies as co', 'co.id', 'c.company_id').select('co.name as title').where('c.seeker_account_id', '=', party.accountId);
    if (q) query = query.where((eb) => eb.or([containsText(sql.ref('co.name'), q), containsText(sql.ref('c.job_title'), q)]));
  } else {
    // The team's name for the candidate (candidateLabel): the name they applied with, else initials.
    const label = sql<string>`coalesce(nullif(a.full_name, ''), rs.initials, '')`;
    query = query
      .leftJoin('job_applications as a', 'a.id', 'c.application_id')
      .leftJoin('resume_seekers as rs', 'rs.account_id', 'c.seeker_account_id')
      .select(label.as('title'))
      .where('c.company_id', '=', party.companyId);
    if (q) query = query.where((eb) => eb.or([containsText(label, q), containsText(sql.ref('c.job_title'), q)]));
  }
  // Each branch above added its own `title` column; the builder's type kept only the common part.
  const rows = (await query.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute()) as Array<{
    id: string;
    title: string;
    job_title: string;
    last_message_at: number;
    last_body: string | null;
    unread: unknown;
  }>;
  const listed = rows.map((row) => ({
    id: row.id,
    title: row.title,
    job_title: row.job_title,
    last_message_at: Number(row.last_message_at),
    last_body: row.last_body ?? null,
    unread: Number(row.unread ?? 0),
  }));
  // Unread first, each group newest first (the sort is stable).
  return listed.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0));
}

/** Conversations with a message from the other side this person has not read: the header's count. */
export async function unreadConversationCount(db: Db, party: Party): Promise<number> {
  const otherSide: MessagesSide = party.side === 'seeker' ? 'employer' : 'seeker';
  let query = db
    .selectFrom('conversations as c')
    .leftJoin('conversation_reads as r', (join) => join.onRef('r.conversation_id', '=', 'c.id').on('r.account_id', '=', party.accountId))
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.author_side', '=', otherSide)
          .where('m.created_at', '>', sql<number>`coalesce(${sql.ref('r.read_at')}, 0)`),
      ),
    );
  query = party.side === 'seeker' ? query.where('c.seeker_account_id', '=', party.accountId) : query.where('c.company_id', '=', party.companyId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

export async function listMessages(db: Db, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

export async function insertMessage(db: Db, row: Omit<Insertable<MessagesTable>, 'id'>): Promise<string> {
  const id = newRowId();
  await db.insertInto('messages').values({ id, ...row }).execute();
  await db.updateTable('conversations').set({ last_message_at: row.created_at }).where('id', '=', row.conversation_id).execute();
  return id;
}

/** This person has read the conversation up to `at` (never moves back). */
export async function markRead(db: Db, conversationId: string, accountId: string, at: number): Promise<void> {
  await db
    .insertInto('conversation_reads')
    .values({ conversation_id: conversationId, account_id: accountId, read_at: at })
    .onConflict((oc) => oc.columns(['conversation_id', 'account_id']).doUpdateSet({ read_at: sql`case when excluded.read_at > conversation_reads.read_at then excluded.read_at else conversation_reads.read_at end` }))
    .execute();
}

/** The newest moment anyone on the other side read the conversation: "Seen" on my messages up to it. */
export async function otherSideReadAt(db: Db, conversation: Pick<ConversationRow, 'id' | 'seeker_account_id'>, mySide: MessagesSide): Promise<number> {
  let query = db.selectFrom('conversation_reads').select((eb) => eb.fn.max('read_at').as('at')).where('conversation_id', '=', conversation.id);
  query = mySide === 'seeker' ? query.where('account_id', '!=', conversation.seeker_account_id) : query.where('account_id', '=', conversation.seeker_account_id);
  return Number((await query.executeTakeFirst())?.at ?? 0);
}

export async function isBlocked(db: Db, seekerAccountId: string, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('company_blocks').select('created_at').where('seeker_account_id', '=', seekerAccountId).where('company_id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

export async function setBlocked(db: Db, seekerAccountId: string, companyId: string, blocked: boolean, now: number): Promise<void> {
  if (blocked) {
    await db.insertInto('company_blocks').values({ seeker_account_id: seekerAccountId, company_id: companyId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('company_blocks').where('seeker_account_id', '=', seekerAccountId).where('company_id', '=', companyId).execute();
  }
}

export async function insertReport(db: Db, row: { message_id: string; reporter_account_id: string; reason: string; created_at: number }): Promise<void> {
  await db.insertInto('message_reports').values({ id: newRowId(), ...row, resolved_at: null }).execute();
}

/** Team members' emails by account id, for "who wrote what" on the team's side. */
export async function authorEmails(db: Db, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.selectFrom('accounts').select(['id', 'email']).where('id', 'in', accountIds).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/**
 * Who on the team hears of the candidate's messages: the members who wrote in the conversation and
 * are members still; if none is, every member of the company.
 */
export async function teamRecipients(db: Db, conversation: { id: string; company_id: string }): Promise<string[]> {
  const writers = await db
    .selectFrom('messages as m')
    .innerJoin('company_members as cm', (join) => join.onRef('cm.account_id', '=', 'm.author_account_id').on('cm.company_id', '=', conversation.company_id))
    .select('cm.account_id')
    .distinct()
    .where('m.conversation_id', '=', conversation.id)
    .where('m.author_side', '=', 'employer')
    .execute();
  if (writers.length) return writers.map((row) => row.account_id);
  const members = await db.selectFrom('company_members').select('account_id').where('company_id', '=', conversation.company_id).execute();
  return members.map((row) => row.account_id);
}

/**
 * What the team calls the candidate of a conversation: the name they applied with; about an invitation
 * (they have not applied), their initials only, as the résumé database shows them (decision 0160).
 */
export async function candidateLabel(db: Db, conversation: Pick<ConversationRow, 'application_id' | 'seeker_account_id'>): Promise<string> {
  if (conversation.application_id) {
    const application = await db.selectFrom('job_applications').select('full_name').where('id', '=', conversation.application_id).executeTakeFirst();
    if (application?.full_name) return application.full_name;
  }
  const listed = await db.selectFrom('resume_seekers').select('initials').where('account_id', '=', conversation.seeker_account_id).executeTakeFirst();
  return listed?.initials || 'Candidate';
}
