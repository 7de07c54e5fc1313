import type { ColumnType, Selectable } from 'kysely';

/** A conversation between a company's team and a job seeker, about one application (migration 0066). */
export interface ConversationsTable {
  id: string;
  company_id: string;
  seeker_account_id: string;
  application_id: string | null;
  /** Or the résumé-database invitation it is about (migration 0075); one of the two is set. */
  invitation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The job's title when the conversation started, shown in both lists. */
  job_title: string;
  started_by: string | null;
  created_at: number;
  last_message_at: number;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  /** null once the author's account is gone. */
  author_account_id: string | null;
  author_side: 'seeker' | 'employer';
  /** May be empty when the message is a file alone. */
  body: string;
  created_at: number;
  /** One file (migration 0070): its storage key, its name as sent, its type read from its bytes, its size. */
  attachment_key: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_name: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_type: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_size: ColumnType<number | null, number | null | undefined, number | null>;
}

/** How far each person (either side) has read a conversation. */
export interface ConversationReadsTable {
  conversation_id: string;
  account_id: string;
  read_at: number;
}

/** A job seeker takes no new messages from this company. */
export interface CompanyBlocksTable {
  seeker_account_id: string;
  company_id: string;
  created_at: number;
}

export interface MessageReportsTable {
  id: string;
  message_id: string;
  reporter_account_id: string | null;
  reason: string;
  created_at: number;
  resolved_at: number | null;
}

/** When a person was last emailed about a conversation's unread messages. */
export interface MessageEmailsTable {
  conversation_id: string;
  account_id: string;
  sent_at: number;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
