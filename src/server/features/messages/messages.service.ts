import { NEW_CONVERSATIONS_PER_DAY, conversationPath, messageNotificationText } from '../../../shared/messages/constants';
import type { Db } from '../../db/database';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';
import { findCompanyApplication } from '../applicants/applicants.repository';
import { notify } from '../notifications/notifications.service';
import { findConversationByApplication, findConversationByInvitation, insertConversation, invitationToMessage, insertMessage, isBlocked, markRead, teamRecipients, conversationSubjectKey, candidateLabel, type Party } from './messages.repository';
import type { ConversationRow } from './messages.table';
import { DAY_MS } from '../../../shared/time';

export const NEW_CONVERSATIONS_LIMIT = { name: 'conversations-per-company', max: NEW_CONVERSATIONS_PER_DAY, windowMs: DAY_MS };

export interface MessagesDeps {
  db: Db;
  now: number;
  rateLimitStore: RateLimitStore;
}

/** A file already in storage, to go with a message. */
export interface StoredAttachment {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

const attachmentColumns = (attachment: StoredAttachment | null | undefined) =>
  attachment ? { attachment_key: attachment.key, attachment_name: attachment.name, attachment_type: attachment.contentType, attachment_size: attachment.size } : {};

export type StartResult =
  | { kind: 'not_found' }
  | { kind: 'existing'; conversationId: string }
  | { kind: 'blocked' }
  | { kind: 'daily_limit'; retryAfterSeconds: number }
  | { kind: 'started'; conversationId: string };

/** The application a team member may start a conversation about: their company's, not withdrawn. */
export async function applicationToMessage(db: Db, companyId: string, applicationId: string) {
  return findCompanyApplication(db, companyId, applicationId);
}

/** What a new conversation is about: an application to the company, or its résumé-database invitation. */
export type ConversationSubject = { kind: 'application'; id: string } | { kind: 'invitation'; id: string };

interface ResolvedSubject {
  seekerAccountId: string;
  applicationId: string | null;
  invitationId: string | null;
  jobTitle: string;
}

/**
 * Whom the team may write to first (decision 0229): a person who applied to one of its jobs (not
 * withdrawn), or one it invited from the résumé database who is still in it (the invitation's quota
 * applies). Anything else is not found.
 */
export async function resolveSubject(db: Db, companyId: string, subject: ConversationSubject): Promise<ResolvedSubject | null> {
  if (subject.kind === 'application') {
    const application = await applicationToMessage(db, companyId, subject.id);
    return application ? { seekerAccountId: application.account_id, applicationId: application.id, invitationId: null, jobTitle: application.job_title } : null;
  }
  const invitation = await invitationToMessage(db, companyId, subject.id);
  return invitation ? { seekerAccountId: invitation.seeker_account_id, applicationId: null, invitationId: invitation.id, jobTitle: invitation.job_title } : null;
}

const existingAbout = (db: Db, about: ResolvedSubject) =>
  about.applicationId ? findConversationByApplication(db, about.applicationId) : findConversationByInvitation(db, about.invitationId!);

/**
 * A team member's first message starts the conversation: never to a seeker who blocked the company, at
 * most NEW_CONVERSATIONS_PER_DAY new ones a company a day. A conversation already there is answered instead.
 */
export async function startConversation(
  deps: MessagesDeps,
  input: { companyId: string; accountId: string; subject: ConversationSubject; body: string; attachment?: StoredAttachment | null },
): Promise<StartResult> {
  const { db, now } = deps;
  const about = await resolveSubject(db, input.companyId, input.subject);
  if (!about) return { kind: 'not_found' };
  const existing = await existingAbout(db, about);
  if (existing) return { kind: 'existing', conversationId: existing.id };
  if (await isBlocked(db, about.seekerAccountId, input.companyId)) return { kind: 'blocked' };
  const allowed = await consumeRateLimit(deps.rateLimitStore, NEW_CONVERSATIONS_LIMIT, input.companyId, now);
  if (!allowed.allowed) return { kind: 'daily_limit', retryAfterSeconds: allowed.retryAfterSeconds };
  try {
    const conversationId = await db.transaction().execute(async (trx) => {
      const row = {
        company_id: input.companyId,
        seeker_account_id: about.seekerAccountId,
        application_id: about.applicationId,
        invitation_id: about.invitationId,
        job_title: about.jobTitle,
        started_by: input.accountId,
        created_at: now,
        last_message_at: now,
      };
      const id = await insertConversation(trx, row);
      await insertMessage(trx, { conversation_id: id, author_account_id: input.accountId, author_side: 'employer', body: input.body, created_at: now, ...attachmentColumns(input.attachment) });
      await markRead(trx, id, input.accountId, now);
      await tellTheOtherSide(trx, { id, ...row }, 'employer', now);
      return id;
    });
    return { kind: 'started', conversationId };
  } catch (error) {
    // Two team members started it at the same moment: the unique index let one through.
    await refundRateLimit(deps.rateLimitStore, NEW_CONVERSATIONS_LIMIT, input.companyId, now);
    const raced = await existingAbout(db, about);
    if (raced) return { kind: 'existing', conversationId: raced.id };
    throw error;
  }
}

export type SendResult = { kind: 'sent'; messageId: string } | { kind: 'closed'; reason: 'blocked' | 'withdrawn' };

/** Why no message can go into this conversation now, or null. */
export async function closedReason(db: Db, conversation: ConversationRow): Promise<'blocked' | 'withdrawn' | null> {
  if (await isBlocked(db, conversation.seeker_account_id, conversation.company_id)) return 'blocked';
  // About an invitation: open while neither side has left (a block, an erase).
  if (conversation.application_id === null) return conversation.invitation_id === null ? 'withdrawn' : null;
  const application = await db.selectFrom('job_applications').select('withdrawn_at').where('id', '=', conversation.application_id).executeTakeFirst();
  return !application || application.withdrawn_at !== null ? 'withdrawn' : null;
}

/** A message from either side into a conversation still open; the author has read up to it. */
export async function sendMessage(deps: Pick<MessagesDeps, 'db' | 'now'>, party: Party, conversation: ConversationRow, body: string, attachment: StoredAttachment | null = null): Promise<SendResult> {
  const reason = await closedReason(deps.db, conversation);
  if (reason) return { kind: 'closed', reason };
  const messageId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertMessage(trx, { conversation_id: conversation.id, author_account_id: party.accountId, author_side: party.side, body, created_at: deps.now, ...attachmentColumns(attachment) });
    await markRead(trx, conversation.id, party.accountId, deps.now);
    await tellTheOtherSide(trx, conversation, party.side, deps.now);
    return id;
  });
  return { kind: 'sent', messageId };
}

/**
 * A notification of the new message for the other side: the candidate, or the team members who hear
 * of it (teamRecipients). One per person and conversation, kept to the newest (decision 0228).
 */
async function tellTheOtherSide(db: Db, conversation: Pick<ConversationRow, 'id' | 'company_id' | 'seeker_account_id' | 'application_id' | 'job_title'>, authorSide: Party['side'], now: number): Promise<void> {
  const link = conversationPath(conversation.id);
  const subjectKey = conversationSubjectKey(conversation.id);
  if (authorSide === 'employer') {
    const company = await db.selectFrom('companies').select('name').where('id', '=', conversation.company_id).executeTakeFirst();
    await notify(db, { accountId: conversation.seeker_account_id, side: 'seeker', kind: 'message', text: messageNotificationText(company?.name ?? 'An employer', conversation.job_title), link, subjectKey, now });
    return;
  }
  const text = messageNotificationText(await candidateLabel(db, conversation), conversation.job_title);
  for (const accountId of await teamRecipients(db, conversation)) await notify(db, { accountId, side: 'employer', kind: 'message', text, link, subjectKey, now });
}
