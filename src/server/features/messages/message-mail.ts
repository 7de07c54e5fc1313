// Emails about unread messages (issue 42, decision 0229). A message still unread MESSAGE_MAIL_DELAY_MS
// after it was sent is emailed to whoever it was for, at most one email a person a conversation an
// hour, and never twice about the same messages. Safe on several instances at once: each email is
// claimed first by a compare-and-set of message_emails.sent_at; a failed send gives the claim back.
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_MAIL_DELAY_MS, MESSAGE_MAIL_GAP_MS, conversationPath, type MessagesSide } from '../../../shared/messages/constants';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import type { Mailer, MailMessage } from '../mail/mailer';
import { snippet } from './message-text';
import { candidateLabel, teamRecipients } from './messages.repository';

/** How far back the run looks: a message older than this that nobody emailed is left alone. */
const LOOK_BACK_MS = 7 * 86_400_000;

export interface MessageMailDeps {
  db: Db;
  mailer: Mailer;
  now: () => number;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface MessageMailResult {
  sent: number;
  failed: number;
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
 * Claims the email to `accountId` about the conversation: true when this run may send it. Not when the
 * person read up to the newest message, was emailed about it already, or was emailed within the gap.
 */
async function claim(db: Db, due: Due, accountId: string, now: number): Promise<{ previous: number | null } | null> {
  const read = await db.selectFrom('conversation_reads').select('read_at').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).executeTakeFirst();
  if (read && Number(read.read_at) >= due.newestAt) return null;
  const last = await db.selectFrom('message_emails').select('sent_at').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).executeTakeFirst();
  if (!last) {
    const inserted = await db
      .insertInto('message_emails')
      .values({ conversation_id: due.conversationId, account_id: accountId, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? { previous: null } : null;
  }
  const previous = Number(last.sent_at);
  if (previous >= due.newestAt || previous > now - MESSAGE_MAIL_GAP_MS) return null;
  const updated = await db
    .updateTable('message_emails')
    .set({ sent_at: now })
    .where('conversation_id', '=', due.conversationId)
    .where('account_id', '=', accountId)
    .where('sent_at', '=', previous)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? { previous } : null;
}

async function giveBack(db: Db, due: Due, accountId: string, claimedAt: number, previous: number | null): Promise<void> {
  const mine = db.updateTable('message_emails').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).where('sent_at', '=', claimedAt);
  if (previous === null) {
    await db.deleteFrom('message_emails').where('conversation_id', '=', due.conversationId).where('account_id', '=', accountId).where('sent_at', '=', claimedAt).execute();
  } else {
    await mine.set({ sent_at: previous }).execute();
  }
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

/** One run: every due email sent once (decision 0229). */
export async function runMessageMail(deps: MessageMailDeps): Promise<MessageMailResult> {
  const { db } = deps;
  const now = deps.now();
  const result: MessageMailResult = { sent: 0, failed: 0 };
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
      const claimed = await claim(db, due, accountId, now);
      if (!claimed) continue;
      const account = await db.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirst();
      try {
        if (!account) throw new Error('no such account');
        await deps.mailer.send(
          unreadMessageEmail({ to: account.email, from, jobTitle: due.jobTitle, newest: snippet(newest?.body ?? '', 300), link: `${deps.publicUrl}${conversationPath(due.conversationId)}` }),
        );
        result.sent += 1;
      } catch (error) {
        deps.log.warn({ err: error, conversationId: due.conversationId }, 'message email not sent');
        await giveBack(db, due, accountId, now, claimed.previous);
        result.failed += 1;
      }
    }
  }
  return result;
}
