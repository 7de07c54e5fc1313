// Conversations in an export, and their erasure (decisions 0225, 0229).
import type { Db } from '../../db/database';
import { deleteNotificationsAbout } from '../notifications/notifications-privacy';
import { conversationSubjectKey } from './messages.repository';

/**
 * A job seeker's conversations, each with every message in it: theirs, and the company's as the
 * company (never a team member's address, which is another person's data).
 */
export async function conversationsRecord(db: Db, accountId: string) {
  const conversations = await db
    .selectFrom('conversations as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select(['c.id', 'co.name as company', 'c.job_title', 'c.created_at'])
    .where('c.seeker_account_id', '=', accountId)
    .orderBy('c.created_at')
    .execute();
  const ids = conversations.map((row) => row.id);
  const messages = ids.length
    ? await db.selectFrom('messages').select(['conversation_id', 'author_side', 'body', 'created_at', 'attachment_name', 'attachment_key']).where('conversation_id', 'in', ids).orderBy('created_at').execute()
    : [];
  const blocks = await db.selectFrom('company_blocks as b').innerJoin('companies as co', 'co.id', 'b.company_id').select(['co.name', 'b.created_at']).where('b.seeker_account_id', '=', accountId).execute();
  return {
    conversations: conversations.map((row) => ({
      company: row.company,
      jobTitle: row.job_title,
      startedAt: Number(row.created_at),
      messages: messages
        .filter((message) => message.conversation_id === row.id)
        .map((message) => ({
          from: message.author_side === 'seeker' ? 'you' : row.company,
          body: message.body,
          sentAt: Number(message.created_at),
          attachment: message.attachment_name,
          // The files they sent travel in the zip; the company's stay named only.
          storageKey: message.author_side === 'seeker' ? message.attachment_key : null,
        })),
    })),
    blockedCompanies: blocks.map((row) => ({ company: row.name, since: Number(row.created_at) })),
  };
}

/** The messages a team member wrote, with the job each conversation is about. */
export async function messagesWrittenBy(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.job_title', 'm.body', 'm.created_at'])
    .where('m.author_account_id', '=', accountId)
    .where('m.author_side', '=', 'employer')
    .orderBy('m.created_at')
    .execute();
  return rows.map((row) => ({ jobTitle: row.job_title, body: row.body, sentAt: Number(row.created_at) }));
}

/**
 * Deletes a seeker's conversations (their messages, read marks, reports and notifications with them) and
 * blocks; answers the storage keys of the conversations' files, for the caller to delete.
 */
export async function deleteConversationsOf(db: Db, accountId: string): Promise<string[]> {
  const ids = (await db.selectFrom('conversations').select('id').where('seeker_account_id', '=', accountId).execute()).map((row) => row.id);
  let keys: string[] = [];
  if (ids.length) {
    keys = (await db.selectFrom('messages').select('attachment_key').where('conversation_id', 'in', ids).where('attachment_key', 'is not', null).execute()).map((row) => row.attachment_key!);
    // The team's notifications of their messages name them.
    await deleteNotificationsAbout(db, ids.map(conversationSubjectKey));
    const messageIds = db.selectFrom('messages').select('id').where('conversation_id', 'in', ids);
    await db.deleteFrom('message_reports').where('message_id', 'in', messageIds).execute();
    await db.deleteFrom('messages').where('conversation_id', 'in', ids).execute();
    await db.deleteFrom('conversation_reads').where('conversation_id', 'in', ids).execute();
    await db.deleteFrom('conversations').where('id', 'in', ids).execute();
  }
  await db.deleteFrom('conversation_reads').where('account_id', '=', accountId).execute();
  await db.deleteFrom('company_blocks').where('seeker_account_id', '=', accountId).execute();
  return keys;
}

/** The storage keys of the files in a seeker's conversations (deleted before the rows go, as résumés are). */
export async function conversationFileKeys(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select('m.attachment_key')
    .where('c.seeker_account_id', '=', accountId)
    .where('m.attachment_key', 'is not', null)
    .execute();
  return rows.map((row) => row.attachment_key!);
}
