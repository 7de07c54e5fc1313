// Conversations between a company's team and a job seeker (issue 42, decision 0229): paths, limits and
// texts both sides and the server share.

export const MESSAGES_PATHS = {
  /** Both sides: the signed-in person's conversations (the session's side decides whose). */
  list: '/messages',
  /** POST application_id: a team member starts (or reopens) the conversation about an application. */
  start: '/messages/new',
  /** Admins: messages job seekers reported; + /{id}/resolve. */
  reports: '/admin/message-reports',
} as const;

export const conversationPath = (id: string) => `${MESSAGES_PATHS.list}/${id}`;
/** A team member's way to the conversation about an application (the form for its first message, or it). */
export const messageApplicantPath = (applicationId: string) => `${MESSAGES_PATHS.start}?application=${encodeURIComponent(applicationId)}`;
/** ...and to the conversation about a résumé-database invitation (a job seeker who did not apply). */
export const messageInviteePath = (invitationId: string) => `${MESSAGES_PATHS.start}?invitation=${encodeURIComponent(invitationId)}`;
export const blockPath = (id: string) => `${conversationPath(id)}/block`;
export const unblockPath = (id: string) => `${conversationPath(id)}/unblock`;
export const reportPath = (id: string) => `${conversationPath(id)}/report`;

export const MESSAGE_MAX = 5_000;
/** One file a message: PDF, Word (.docx), PNG or JPEG, by its bytes. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const attachmentPath = (conversationId: string, messageId: string) => `${MESSAGES_PATHS.list}/${conversationId}/attachments/${messageId}`;
export const REPORT_REASON_MAX = 1_000;
/** New conversations a company may start in a UTC day. */
export const NEW_CONVERSATIONS_PER_DAY = 200;
export const MESSAGES_PAGE_SIZE = 50;
/** A message still unread this long after it was sent is emailed... */
export const MESSAGE_MAIL_DELAY_MS = 10 * 60_000;
/** ...at most once a person a conversation in this long. */
export const MESSAGE_MAIL_GAP_MS = 60 * 60_000;
export const SEARCH_MAX = 100;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first.',
  tooLong: `Keep a message under ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  dailyLimit: `Your company has started ${NEW_CONVERSATIONS_PER_DAY} conversations today. You can start more tomorrow.`,
  blockedForEmployer: 'This candidate does not take messages from your company.',
  blockedForSeeker: 'You blocked this company. They can’t send you new messages.',
  reportReason: 'Tell us what is wrong with this message.',
  reported: 'Thanks for telling us. Jobwise will look at this message.',
  blocked: 'Blocked. This company can’t send you new messages.',
  unblocked: 'Unblocked. This company can send you messages again.',
  sent: 'Message sent.',
  noConversations: 'No conversations yet.',
  noConversationsEmployer: 'No conversations yet. Start one from a candidate’s application.',
  noConversationsSeeker: 'No conversations yet. When an employer writes to you about an application, it shows here.',
  applicationClosed: 'This application was withdrawn. No new messages can be sent.',
  attachmentTooLarge: 'Attach a file of 5 MB or less.',
  attachmentWrongType: 'Attach a PDF, Word (.docx), PNG or JPEG file.',
  attachmentBroken: 'The file did not arrive whole. Please attach it again.',
} as const;

/** The notification each side gets of a new message (one per conversation, kept to the newest). */
export const messageNotificationText = (from: string, jobTitle: string) => `${from} sent you a message about ${jobTitle}.`;

export type MessagesSide = 'seeker' | 'employer';

export interface ConversationSummary {
  id: string;
  href: string;
  /** The other side: the company for a seeker, the candidate for the team. */
  title: string;
  jobTitle: string;
  lastMessage: string;
  lastAt: string;
  unread: number;
}

export interface MessagesListProps {
  side: MessagesSide;
  q: string;
  conversations: ConversationSummary[];
  unreadTotal: number;
}

export type MessagePart = { text: string } | { text: string; href: string };

export interface MessageView {
  id: string;
  mine: boolean;
  /** "You", the team member's email for the team, the company's name for the seeker, the candidate's name. */
  author: string;
  /** The text in pieces: plain text, and links found in it (made clickable, rel="nofollow ugc noopener"). */
  parts: MessagePart[];
  at: string;
  /** On the newest message I wrote: whether the other side has read it. */
  seen: boolean | null;
  /** The file sent with it, if any. */
  attachment?: { name: string; href: string; size: string } | null;
}

export interface ConversationPageProps {
  side: MessagesSide;
  id: string;
  title: string;
  jobTitle: string;
  /** The application, for the team; null for the seeker. */
  applicationHref: string | null;
  messages: MessageView[];
  sendAction: string;
  /** Extra fields the send form posts (the application, when the first message starts the conversation). */
  hiddenFields: Array<{ name: string; value: string }>;
  /** Why no message can be sent now (blocked, withdrawn); null when one can. */
  closedReason: string | null;
  /** The seeker's block and unblock forms; null for the team. */
  block: { action: string; blocked: boolean } | null;
  reportAction: string | null;
  notice: string | null;
  error: string | null;
  draft: string;
}

export interface ReportedMessageView {
  id: string;
  resolveAction: string;
  company: string;
  jobTitle: string;
  body: string;
  reason: string;
  reported: string;
}

export interface MessageReportsPageProps {
  reports: ReportedMessageView[];
  notice: string | null;
}
