// Emails about unread messages (issue 42, decision 0229). A message still unread MESSAGE_MAIL_DELAY_MS
// after it was sent is emailed to whoever it was for, at most one email a person a conversation an
// hour, and never twice about the same messages. Safe on several instances at once: each email is
// enqueued under a key naming it (conversation, person, newest message), then claimed by a compare-and-set
// of message_emails.sent_at; the job queue sends it, retrying with backoff (decision 0280).
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MESSAGE_MAIL_DELAY_MS, MESSAGE_MAIL_GAP_MS, conversationPath, type MessagesSide } from '../../../shared/messages/constants';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { isUnsubscribed } from '../mail/list-unsubscribe';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { QueueHandle } from '../queue/queue.plugin';
import type { RunningJob } from '../queue/queue';
import { snippet } from './message-text';
import { candidateLabel, teamRecipients } from './messages.repository';
import { WEEK_MS } from '../../../shared/time';

/** How far back the run looks: a message older than this that nobody emailed is left alone. */
const LOOK_BACK_MS = WEEK_MS;

/** An unread-message email in the job queue (decision 0280). */
export const MessageMailJobSchema = z.object({ conversationId: z.string(), accountId: z.string(), newestAt: z.number(), message: MailMessageSchema });
export type MessageMailJob = z.infer<typeof MessageMailJobSchema>;

export interface MessageMailDeps {
  db: Db;
  queue: QueueHandle<MessageMailJob>;
  now: () => number;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface MessageMailResult {
  /** Claimed and put in the job queue, which sends them. */
  queued: number;
}

interface Due {
  conversationId: string;
  companyId: string;
  seekerAccountId: string;
  applicationId: string | null;
  jobTitle: string;
  /** Who wrote the unread messages: the email goes to the other side. */
  authorSide: MessagesSide;
  newestAt: number;
}

/** Conversations with a message from one side older than the delay, within the look-back. */
async function dueConversations(db: Db, now: number): Promise<Due[]> {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => ['c.id', 'c.company_id', 'c.seeker_account_id', 'c.application_id', 'c.job_title', 'm.author_side', eb.fn.max('m.created_at').as('newest')])
    .where('m.created_at', '<=', now - MESSAGE_MAIL_DELAY_MS)
    .where('m.created_at', '>', now - LOOK_BACK_MS)
    .groupBy(['c.id', 'c.company_id', 'c.seeker_account_id', 'c.application_id', 'c.job_title', 'm.author_side'])
    .execute();
  return rows.map((row) => ({
    conversationId: row.id,
    companyId: row.company_id,
    seekerAccountId: row.seeker_account_id,
    applicationId: row.application_id,
    jobTitle: row.job_title,
    authorSide: row.author_side,
    newestAt: Number(row.newest),
  }));
}

/**
 * Queues the email to `accountId` about the conversation, then claims it: true when this run's claim
 * took it. Not when the person read up to the newest message, was emailed about it already, or was
 * emailed within the gap. The key names the email, so runs racing for it enqueue one job, a run that
 * dies between the two steps leaves a job the next run's enqueue finds, and it is the Message-ID. No
 * transaction spans the two (as decision 0272).
 */
async function queueAndClaim(deps: MessageMailDeps, due: Due, accountId: string, now: number, mail: () => Promise<MessageMailJob | null>): Promise<boolean> {
  const { db } = deps;
  const read = await db.selectFrom('conversation_reads').select('read_at').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).executeTakeFirst();
  if (read && Number(read.read_at) >= due.newestAt) return false;
  const last = await db.selectFrom('message_emails').select('sent_at').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).executeTakeFirst();
  const previous = last ? Number(last.sent_at) : null;
  if (previous !== null && (previous >= due.newestAt || previous > now - MESSAGE_MAIL_GAP_MS)) return false;
  const job = await mail();
  if (!job) return false;
  await deps.queue.enqueue(db, `message-mail:${due.conversationId}:${accountId}:${due.newestAt}`, job);
  if (previous === null) {
    const inserted = await db
      .insertInto('message_emails')
      .values({ conversation_id: due.conversationId, account_id: accountId, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('message_emails')
    .set({ sent_at: now })
    .where('conversation_id', '=', due.conversationId)
    .where('account_id', '=', accountId)
    .where('sent_at', '=', previous)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * The queued job: sends the email unless the person has read the messages since it was queued, or
 * unsubscribed from these emails. A failed send throws, so the queue retries it.
 */
export async function sendMessageMail(deps: { db: Db; mailer: Mailer; listKey: string; log: FastifyBaseLogger }, job: RunningJob<MessageMailJob>): Promise<string> {
  const { conversationId, accountId, newestAt, message } = job.payload;
  const read = await deps.db.selectFrom('conversation_reads').select('read_at').where('conversation_id', '=', conversationId).where('account_id', '=', accountId).executeTakeFirst();
  if (read && Number(read.read_at) >= newestAt) return 'skipped';
  if (await isUnsubscribed(deps.db, deps.listKey, message.to, 'messages')) return 'skipped';
  try {
    await deps.mailer.send({ ...message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, conversationId, attempt: job.attempt }, 'message email not sent');
    throw error;
  }
  return 'sent';
}

export function unreadMessageEmail(options: { to: string; from: string; jobTitle: string; newest: string; link: string }): MailMessage {
  const subject = `New message from ${options.from} about ${options.jobTitle}`;
  const lines = [`${options.from} sent you a message on Jobwise about ${options.jobTitle}:`, '', `“${options.newest}”`, '', `Read and reply: ${options.link}`];
  return {
    to: options.to,
    subject,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="en"><body><p>${escapeHtml(lines[0]!)}</p><blockquote>${escapeHtml(options.newest)}</blockquote><p><a href="${escapeHtml(options.link)}">Read and reply on Jobwise</a></p></body></html>`,
    kind: 'messages',
  };
}

/** One run: every due email queued once (decisions 0229, 0280). */
export async function runMessageMail(deps: MessageMailDeps): Promise<MessageMailResult> {
  const { db } = deps;
  const now = deps.now();
  const result: MessageMailResult = { queued: 0 };
  for (const due of await dueConversations(db, now)) {
    const recipients = due.authorSide === 'employer' ? [due.seekerAccountId] : await teamRecipients(db, { id: due.conversationId, company_id: due.companyId });
    if (recipients.length === 0) continue;
    const [company, candidate, newest] = await Promise.all([
      db.selectFrom('companies').select('name').where('id', '=', due.companyId).executeTakeFirst(),
      candidateLabel(db, { application_id: due.applicationId, seeker_account_id: due.seekerAccountId }),
      db
        .selectFrom('messages')
        .select('body')
        .where('conversation_id', '=', due.conversationId)
        .where('author_side', '=', due.authorSide)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const from = due.authorSide === 'employer' ? (company?.name ?? 'An employer') : candidate;
    for (const accountId of recipients) {
      const mail = async (): Promise<MessageMailJob | null> => {
        const account = await db.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirst();
        if (!account) return null;
        const message = unreadMessageEmail({ to: account.email, from, jobTitle: due.jobTitle, newest: snippet(newest?.body ?? '', 300), link: `${deps.publicUrl}${conversationPath(due.conversationId)}` });
        return { conversationId: due.conversationId, accountId, newestAt: due.newestAt, message };
      };
      if (await queueAndClaim(deps, due, accountId, now, mail)) result.queued += 1;
    }
  }
  return result;
}
