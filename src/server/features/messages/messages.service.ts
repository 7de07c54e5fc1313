import { NEW_CONVERSATIONS_PER_DAY, conversationPath, messageNotificationText } from '../../../shared/messages/constants';
import type { Db } from '../../db/database';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/rate-limiter';
import { findCompanyApplication } from '../applicants/applicants.repository';
import { notify } from '../notifications/notifications.service';
import { findConversationByApplication, insertConversation, insertMessage, isBlocked, markRead, teamRecipients, conversationSubjectKey, type Party } from './messages.repository';
import type { ConversationRow } from './messages.table';

const DAY_MS = 86_400_000;
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

/**
 * A team member's first message about an application starts its conversation (decision 0229): only
 * about an application to the company (not withdrawn), never to a seeker who blocked it, at most
 * NEW_CONVERSATIONS_PER_DAY new ones a company a day. A conversation already there is answered instead.
 */
export async function startConversation(
  deps: MessagesDeps,
  input: { companyId: string; accountId: string; applicationId: string; body: string; attachment?: StoredAttachment | null },
): Promise<StartResult> {
  const { db, now } = deps;
  const application = await applicationToMessage(db, input.companyId, input.applicationId);
  if (!application) return { kind: 'not_found' };
  const existing = await findConversationByApplication(db, application.id);
  if (existing) return { kind: 'existing', conversationId: existing.id };
  if (await isBlocked(db, application.account_id, input.companyId)) return { kind: 'blocked' };
  const allowed = await consumeRateLimit(deps.rateLimitStore, NEW_CONVERSATIONS_LIMIT, input.companyId, now);
  if (!allowed.allowed) return { kind: 'daily_limit', retryAfterSeconds: allowed.retryAfterSeconds };
  try {
    const conversationId = await db.transaction().execute(async (trx) => {
      const id = await insertConversation(trx, {
        company_id: input.companyId,
        seeker_account_id: application.account_id,
        application_id: application.id,
        job_title: application.job_title,
        started_by: input.accountId,
        created_at: now,
        last_message_at: now,
      });
      await insertMessage(trx, { conversation_id: id, author_account_id: input.accountId, author_side: 'employer', body: input.body, created_at: now, ...attachmentColumns(input.attachment) });
      await markRead(trx, id, input.accountId, now);
      await tellTheOtherSide(trx, { id, company_id: input.companyId, seeker_account_id: application.account_id, job_title: application.job_title }, 'employer', now);
      return id;
    });
    return { kind: 'started', conversationId };
  } catch (error) {
    // Two team members started it at the same moment: the unique application index let one through.
    await refundRateLimit(deps.rateLimitStore, NEW_CONVERSATIONS_LIMIT, input.companyId, now);
    const raced = await findConversationByApplication(db, application.id);
    if (raced) return { kind: 'existing', conversationId: raced.id };
    throw error;
  }
}

export type SendResult = { kind: 'sent'; messageId: string } | { kind: 'closed'; reason: 'blocked' | 'withdrawn' };

/** Why no message can go into this conversation now, or null. */
export async function closedReason(db: Db, conversation: ConversationRow): Promise<'blocked' | 'withdrawn' | null> {
  if (await isBlocked(db, conversation.seeker_account_id, conversation.company_id)) return 'blocked';
  if (conversation.application_id === null) return 'withdrawn';
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
async function tellTheOtherSide(db: Db, conversation: Pick<ConversationRow, 'id' | 'company_id' | 'seeker_account_id' | 'job_title'>, authorSide: Party['side'], now: number): Promise<void> {
  const link = conversationPath(conversation.id);
  const subjectKey = conversationSubjectKey(conversation.id);
  if (authorSide === 'employer') {
    const company = await db.selectFrom('companies').select('name').where('id', '=', conversation.company_id).executeTakeFirst();
    await notify(db, { accountId: conversation.seeker_account_id, side: 'seeker', kind: 'message', text: messageNotificationText(company?.name ?? 'An employer', conversation.job_title), link, subjectKey, now });
    return;
  }
  const profile = await db.selectFrom('seeker_profiles').select('full_name').where('account_id', '=', conversation.seeker_account_id).executeTakeFirst();
  const text = messageNotificationText(profile?.full_name || 'A candidate', conversation.job_title);
  for (const accountId of await teamRecipients(db, conversation)) await notify(db, { accountId, side: 'employer', kind: 'message', text, link, subjectKey, now });
}
