// Conversations between a company's team and a job seeker (issue 42, decision 0229). Both sides use
// /messages: the session's side decides whose conversations they are. Another company's or another
// seeker's conversation answers 404 as if it did not exist. Plain forms: everything works without script.
import { named } from '../../lib/named-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { applicantPath } from '../../../shared/applicants/page-props';
import {
  MESSAGES_PAGE_SIZE,
  MESSAGES_PATHS,
  MESSAGE_TEXTS,
  REPORT_REASON_MAX,
  SEARCH_MAX,
  blockPath,
  conversationPath,
  reportPath,
  unblockPath,
  type ConversationPageProps,
  type MessagesListProps,
} from '../../../shared/messages/constants';
import { isOwnNavigation } from '../../plugins/same-origin';
import { findCompanyById } from '../companies/company.service';
import { employerOf, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import messageReportsRoutes from './message-reports.routes';
import { MESSAGE_MULTIPART_LIMITS, readMessageForm, type CheckedAttachment, type MessageForm } from './message-form';
import { CaptionSchema, MessageBodySchema, attachmentView, formatMoment, messageParts, snippet } from './message-text';
import { sendStoredFile } from '../storage/byte-range';
import { markSubjectRead } from '../notifications/notifications.service';
import { authorEmails, candidateLabel, conversationSubjectKey, findConversation, findConversationByApplication, findConversationByInvitation, insertReport, listConversations, listMessages, markRead, otherSideReadAt, setBlocked, type Party } from './messages.repository';
import { closedReason, resolveSubject, sendMessage, startConversation, type ConversationSubject, type StoredAttachment } from './messages.service';
import type { ConversationRow, MessageRow } from './messages.table';
import { firstValue, RowIdSchema } from '../../shared/form-fields';
import { noBody, pathSegment, repeatableForm, repeatableText, type RoutesApp } from '../../shared/route-contracts';
import { refusing, sendRefusal } from '../../shared/refusals';

const PRIVATE = 'private, no-store';
const first = firstValue;
const IdSchema = RowIdSchema;
const ConversationParamsSchema = z.object({ id: IdSchema });
const ListQuerySchema = z
  .object({ q: z.preprocess(first, z.string().catch('')).transform((value) => value.replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX)).default('') })
  .catch({ q: '' });
const NOTICES = { sent: MESSAGE_TEXTS.sent, reported: MESSAGE_TEXTS.reported, blocked: MESSAGE_TEXTS.blocked, unblocked: MESSAGE_TEXTS.unblocked } as const;
type NoticeKey = keyof typeof NOTICES;
const NoticeQuerySchema = z.object({ notice: z.preprocess(first, z.enum(Object.keys(NOTICES) as [NoticeKey, ...NoticeKey[]]).optional().catch(undefined)) }).catch({ notice: undefined });
const AttachmentParamsSchema = z.object({ id: IdSchema, messageId: IdSchema });
/** Ids in paths: any is looked up, and one we could not have made is not found (404). */
const PathParamsSchema = z.object({ id: pathSegment });
const AttachmentPathSchema = z.object({ id: pathSegment, messageId: pathSegment });
/** The compose page names its subject (an id we could have made, else none). */
const StartQuerySchema = z.object({ application: repeatableText, invitation: repeatableText });
/**
 * A message as a form or JSON: its text, and for a first message its subject. Each field is read
 * first-of-repeated by the handler, whose own rules (MessageBodySchema, an id we could have made) give
 * the message the page shows. A multipart post (with a file) has its parts read by readMessageForm: to
 * the schema its body is null.
 */
const MessageBodyFormSchema = repeatableForm('body').nullable();
const StartBodyFormSchema = repeatableForm('body', 'application_id', 'invitation_id').nullable();
const StartResponseSchema = { 200: z.object({ status: z.literal('SENT'), conversation_path: z.string() }) };
const SentResponseSchema = { 200: z.object({ status: z.literal('SENT'), message_id: z.string() }) };

/** The form's text and file as one message: a text of 1 to 5,000 characters, or a file with an optional text. */
function checkedMessage(form: MessageForm): { ok: true; text: string; attachment: CheckedAttachment | null } | { ok: false; status: number; message: string; draft: string } {
  const raw = first(form.fields.body);
  const draft = typeof raw === 'string' ? raw.slice(0, 10_000) : '';
  if (!form.ok) return { ok: false, status: form.status, message: form.message, draft };
  const text = (form.attachment ? CaptionSchema : MessageBodySchema).safeParse(form.fields.body);
  if (!text.success) return { ok: false, status: 400, message: text.error.issues[0]?.message ?? MESSAGE_TEXTS.empty, draft };
  return { ok: true, text: text.data, attachment: form.attachment };
}

const ReportBodySchema = z.object({
  message_id: z.preprocess(first, IdSchema),
  reason: z.preprocess(first, z.string().transform((value) => value.trim()).pipe(z.string().min(1, MESSAGE_TEXTS.reportReason).max(REPORT_REASON_MAX))),
});

export default async function messagesRoutes(app: RoutesApp) {
  await app.register(named(messageReportsRoutes));
  // A message may carry one file: multipart in this plugin's scope only, with its own limits.
  await app.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS });
  const person = { config: { requireRole: 'person' as const } };
  const employer = { config: { requireRole: 'employer' as const } };
  const seekerOnly = { config: { requireRole: 'seeker' as const } };

  function partyOf(request: FastifyRequest): Party {
    const user = signedInUser(request);
    return request.employer ? { side: 'employer', accountId: user.id, companyId: request.employer.companyId } : { side: 'seeker', accountId: user.id };
  }

  /** The conversation in the path, if it is this party's; else null after answering 404. */
  async function ownConversation(request: FastifyRequest, reply: FastifyReply): Promise<ConversationRow | null> {
    const params = ConversationParamsSchema.safeParse(request.params);
    const found = params.success ? await findConversation(app.db, partyOf(request), params.data.id) : undefined;
    if (found) return found;
    await sendNotFound(request, reply);
    return null;
  }

  /** What each side calls the other: the company for the seeker, the candidate's name for the team. */
  async function titleOf(party: Party, conversation: ConversationRow): Promise<string> {
    if (party.side === 'seeker') return (await findCompanyById(app.db, conversation.company_id))?.name ?? 'Employer';
    return candidateLabel(app.db, conversation);
  }

  async function conversationProps(request: FastifyRequest, conversation: ConversationRow, extra: Partial<ConversationPageProps> = {}): Promise<ConversationPageProps> {
    const party = partyOf(request);
    const [rows, title, seenAt, reason] = await Promise.all([
      listMessages(app.db, conversation.id, MESSAGES_PAGE_SIZE),
      titleOf(party, conversation),
      otherSideReadAt(app.db, conversation, party.side),
      closedReason(app.db, conversation),
    ]);
    const emails = party.side === 'employer' ? await authorEmails(app.db, [...new Set(rows.flatMap((row) => (row.author_account_id ? [row.author_account_id] : [])))]) : new Map<string, string>();
    const newestMine = [...rows].reverse().find((row) => row.author_side === party.side);
    const authorOf = (row: MessageRow): string => {
      if (row.author_account_id === party.accountId) return 'You';
      if (row.author_side === 'seeker') return title;
      if (party.side === 'seeker') return title;
      return (row.author_account_id && emails.get(row.author_account_id)) || 'A former team member';
    };
    return {
      side: party.side,
      id: conversation.id,
      title,
      jobTitle: conversation.job_title,
      applicationHref: party.side === 'employer' && conversation.application_id && reason !== 'withdrawn' ? applicantPath(conversation.application_id) : null,
      messages: rows.map((row) => ({
        id: row.id,
        mine: row.author_side === party.side,
        author: authorOf(row),
        parts: messageParts(row.body),
        at: formatMoment(row.created_at),
        seen: row === newestMine ? seenAt >= row.created_at : null,
        attachment: attachmentView(row),
      })),
      sendAction: conversationPath(conversation.id),
      hiddenFields: [],
      closedReason: reason === 'blocked' ? (party.side === 'seeker' ? MESSAGE_TEXTS.blockedForSeeker : MESSAGE_TEXTS.blockedForEmployer) : reason === 'withdrawn' ? MESSAGE_TEXTS.applicationClosed : null,
      block: party.side === 'seeker' ? { action: reason === 'blocked' ? unblockPath(conversation.id) : blockPath(conversation.id), blocked: reason === 'blocked' } : null,
      reportAction: party.side === 'seeker' ? reportPath(conversation.id) : null,
      notice: null,
      error: null,
      draft: '',
      ...extra,
    };
  }

  const renderConversation = (reply: FastifyReply, props: ConversationPageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('conversation', props, { title: `${props.title} · Messages`, noIndex: true, noStore: true, status });

  // A file arrives in storage with its form (decision 0285); it stays only once a message names it. Any
  // answer without such a message removes it before the answer leaves, whatever the path that gave it.
  const unkeptAttachments = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, _reply, payload) => {
    const key = unkeptAttachments.get(request);
    if (key) {
      unkeptAttachments.delete(request);
      await app.fileStorage.delete(key);
    }
    return payload;
  });
  async function readForm(request: FastifyRequest): Promise<MessageForm> {
    const form = await readMessageForm(request, app, app.fileStorage);
    if (form.ok && form.attachment) unkeptAttachments.set(request, form.attachment.key);
    return form;
  }
  const keepAttachment = (request: FastifyRequest) => unkeptAttachments.delete(request);
  function storedAttachment(attachment: CheckedAttachment | null): StoredAttachment | null {
    return attachment ? { key: attachment.key, name: attachment.name, contentType: attachment.contentType, size: attachment.size } : null;
  }

  // A message's file, for the two sides of its conversation only (404 to anyone else); a PDF or an
  // image may show in the browser, a Word file downloads; the type is the one read from its bytes.
  app.get(`${MESSAGES_PATHS.list}/:id/attachments/:messageId`, { ...person, schema: { params: AttachmentPathSchema } }, async (request, reply) => {
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    const params = AttachmentParamsSchema.safeParse(request.params);
    const message = params.success
      ? await app.db
          .selectFrom('messages')
          .select(['attachment_key', 'attachment_name', 'attachment_type'])
          .where('id', '=', params.data.messageId)
          .where('conversation_id', '=', conversation.id)
          .executeTakeFirst()
      : undefined;
    if (!message?.attachment_key || !message.attachment_type) return sendNotFound(request, reply);
    const inline = message.attachment_type === 'application/pdf' || message.attachment_type.startsWith('image/');
    return sendStoredFile(request, reply, app.fileStorage, message.attachment_key, { contentType: message.attachment_type, fileName: message.attachment_name ?? 'attachment', inline });
  });

  app.get(MESSAGES_PATHS.list, { ...person, schema: { querystring: ListQuerySchema } }, async (request, reply) => {
    const party = partyOf(request);
    const { q } = request.query;
    const rows = await listConversations(app.db, party, q, 100);
    const props: MessagesListProps = {
      side: party.side,
      q,
      conversations: rows.map((row) => ({
        id: row.id,
        href: conversationPath(row.id),
        title: row.title || (party.side === 'seeker' ? 'Employer' : 'Candidate'),
        jobTitle: row.job_title,
        lastMessage: snippet(row.last_body),
        lastAt: formatMoment(row.last_message_at),
        unread: row.unread,
      })),
      unreadTotal: rows.reduce((sum, row) => sum + (row.unread > 0 ? 1 : 0), 0),
    };
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send(props);
    return reply.header('cache-control', PRIVATE).renderPage('messages', props, { title: 'Messages', noIndex: true, noStore: true });
  });

  // The form for a team member's first message about an application; the conversation, if there is one.
  /** The application or invitation a new conversation is about, named by the form or the query. */
  function subjectOf(fields: unknown, keys: { application: string; invitation: string }): ConversationSubject | null {
    const read = (key: string) => {
      const value = fields && typeof fields === 'object' ? first((fields as Record<string, unknown>)[key]) : undefined;
      return IdSchema.safeParse(value).success ? (value as string) : null;
    };
    const application = read(keys.application);
    if (application) return { kind: 'application', id: application };
    const invitation = read(keys.invitation);
    return invitation ? { kind: 'invitation', id: invitation } : null;
  }

  /** The compose page for a first message, with what the team may know of the person. */
  async function newConversationProps(request: FastifyRequest, subject: ConversationSubject, about: { seekerAccountId: string; applicationId: string | null; jobTitle: string }, extra: Partial<ConversationPageProps> = {}): Promise<ConversationPageProps> {
    return {
      side: 'employer',
      id: '',
      title: await candidateLabel(app.db, { application_id: about.applicationId, seeker_account_id: about.seekerAccountId }),
      jobTitle: about.jobTitle,
      applicationHref: about.applicationId ? applicantPath(about.applicationId) : null,
      messages: [],
      sendAction: MESSAGES_PATHS.start,
      hiddenFields: [{ name: subject.kind === 'application' ? 'application_id' : 'invitation_id', value: subject.id }],
      closedReason: null,
      block: null,
      reportAction: null,
      notice: null,
      error: null,
      draft: '',
      ...extra,
    };
  }

  // The form for a team member's first message to an applicant or an invitee; the conversation, if there is one.
  app.get(MESSAGES_PATHS.start, { ...employer, schema: { querystring: StartQuerySchema } }, async (request, reply) => {
    const subject = subjectOf(request.query, { application: 'application', invitation: 'invitation' });
    const about = subject ? await resolveSubject(app.db, employerOf(request).companyId, subject) : null;
    if (!subject || !about) return sendNotFound(request, reply);
    const existing = about.applicationId ? await findConversationByApplication(app.db, about.applicationId) : await findConversationByInvitation(app.db, about.invitationId!);
    if (existing) return reply.header('cache-control', PRIVATE).redirect(conversationPath(existing.id), 303);
    return renderConversation(reply, await newConversationProps(request, subject, about));
  });

  app.post(MESSAGES_PATHS.start, { config: { ...employer.config, actionRateLimit: true }, schema: { body: StartBodyFormSchema, response: StartResponseSchema } }, async (request, reply) => {
    const { companyId } = employerOf(request);
    // Refusals are not the declared 200 answer (decision 0250).
    const refused: FastifyReply = reply;
    const form = await readForm(request);
    const subject = subjectOf(form.fields, { application: 'application_id', invitation: 'invitation_id' });
    if (!subject) return refused.status(400).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: 'Name the application or invitation to write about.' });
    const about = await resolveSubject(app.db, companyId, subject);
    if (!about) return sendNotFound(request, reply);
    const checked = checkedMessage(form);
    if (!checked.ok) {
      if (wantsJson(request)) return refused.status(checked.status).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: checked.message });
      return renderConversation(reply, await newConversationProps(request, subject, about, { error: checked.message, draft: checked.draft }), checked.status);
    }
    const attachment = storedAttachment(checked.attachment);
    const result = await startConversation(
      { db: app.db, now: app.now(), rateLimitStore: app.rateLimits.store },
      { companyId, accountId: signedInUser(request).id, subject, body: checked.text, attachment },
    );
    if (result.kind === 'started') keepAttachment(request);
    if (result.kind === 'not_found') return sendNotFound(request, reply);
    if (result.kind === 'blocked' || result.kind === 'daily_limit') {
      const status = result.kind === 'blocked' ? 409 : 429;
      const message = result.kind === 'blocked' ? MESSAGE_TEXTS.blockedForEmployer : MESSAGE_TEXTS.dailyLimit;
      if (result.kind === 'daily_limit') reply.header('retry-after', String(result.retryAfterSeconds));
      if (wantsJson(request)) return refused.status(status).header('cache-control', PRIVATE).send({ status: result.kind === 'blocked' ? 'BLOCKED' : 'CONVERSATION_LIMIT', error_message: message });
      return renderConversation(reply, await newConversationProps(request, subject, about, { error: message, draft: checked.text }), status);
    }
    // An existing conversation (another team member started it meanwhile): the message goes into it.
    if (result.kind === 'existing') {
      const conversation = (await findConversation(app.db, partyOf(request), result.conversationId))!;
      const sent = await sendMessage({ db: app.db, now: app.now() }, partyOf(request), conversation, checked.text, attachment);
      if (sent.kind === 'sent') {
        keepAttachment(request);
        await app.messageEvents.publish(conversation.id);
      }
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'SENT', conversation_path: conversationPath(result.conversationId) });
    return reply.header('cache-control', PRIVATE).redirect(`${conversationPath(result.conversationId)}?notice=sent`, 303);
  });

  app.get(`${MESSAGES_PATHS.list}/:id`, { ...person, schema: { params: PathParamsSchema, querystring: NoticeQuerySchema } }, async (request, reply) => {
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    const { notice } = request.query;
    // Reading is a state change: made only by a navigation of our own pages (decision 0226).
    if (isOwnNavigation(request, app.config.PUBLIC_URL)) {
      await markRead(app.db, conversation.id, signedInUser(request).id, app.now());
      await markSubjectRead(app.db, signedInUser(request).id, conversationSubjectKey(conversation.id), app.now());
    }
    const props = await conversationProps(request, conversation, { notice: notice ? NOTICES[notice] : null });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send(props);
    return renderConversation(reply, props);
  });

  // The message is a form or a multipart post with a file: readMessageForm reads either.
  app.post(`${MESSAGES_PATHS.list}/:id`, { config: { ...person.config, actionRateLimit: true }, schema: { params: PathParamsSchema, body: MessageBodyFormSchema, response: SentResponseSchema } }, async (request, reply) => {
    const refused: FastifyReply = reply;
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    const checked = checkedMessage(await readForm(request));
    if (!checked.ok) {
      if (wantsJson(request)) return refused.status(checked.status).header('cache-control', PRIVATE).send({ status: 'PROTO_VALIDATION_ERROR', error_message: checked.message });
      return renderConversation(reply, await conversationProps(request, conversation, { error: checked.message, draft: checked.draft }), checked.status);
    }
    const result = await sendMessage({ db: app.db, now: app.now() }, partyOf(request), conversation, checked.text, storedAttachment(checked.attachment));
    if (result.kind === 'closed') {
      const props = await conversationProps(request, conversation, { draft: checked.text });
      if (wantsJson(request)) return refused.status(409).header('cache-control', PRIVATE).send({ status: result.reason === 'blocked' ? 'BLOCKED' : 'CONVERSATION_CLOSED', error_message: props.closedReason });
      return renderConversation(reply, props, 409);
    }
    keepAttachment(request);
    // Open streams of the conversation, on every instance, show it (decision 0230).
    await app.messageEvents.publish(conversation.id);
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'SENT', message_id: result.messageId });
    return reply.header('cache-control', PRIVATE).redirect(`${conversationPath(conversation.id)}?notice=sent`, 303);
  });

  // The seeker's block of the company, and its undoing: no new messages from it, in any conversation.
  for (const [suffix, blocked] of [['block', true], ['unblock', false]] as const) {
    app.post(`${MESSAGES_PATHS.list}/:id/${suffix}`, { ...seekerOnly, schema: { params: PathParamsSchema, body: noBody } }, async (request, reply) => {
      const conversation = await ownConversation(request, reply);
      if (!conversation) return reply;
      await setBlocked(app.db, conversation.seeker_account_id, conversation.company_id, blocked, app.now());
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: blocked ? 'BLOCKED' : 'UNBLOCKED' });
      return reply.header('cache-control', PRIVATE).redirect(`${conversationPath(conversation.id)}?notice=${blocked ? 'blocked' : 'unblocked'}`, 303);
    });
  }

  // A seeker reports a message of the company's to the admins.
  app.post(`${MESSAGES_PATHS.list}/:id/report`, { config: { ...seekerOnly.config, actionRateLimit: true }, schema: { params: PathParamsSchema, body: repeatableForm('message_id', 'reason'), response: { 200: z.object({ status: z.literal('REPORTED') }) } } }, async (request, reply) => {
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    const parsed = ReportBodySchema.safeParse(request.body);
    const message = parsed.success
      ? await app.db.selectFrom('messages').select(['id', 'author_side']).where('id', '=', parsed.data.message_id).where('conversation_id', '=', conversation.id).executeTakeFirst()
      : undefined;
    if (parsed.success && (!message || message.author_side !== 'employer')) return sendNotFound(request, reply);
    if (!parsed.success || !message) {
      const error = parsed.success ? MESSAGE_TEXTS.reportReason : (parsed.error.issues[0]?.message ?? MESSAGE_TEXTS.reportReason);
      if (wantsJson(request)) return sendRefusal(refusing(reply), 400, 'PROTO_VALIDATION_ERROR', error, { cacheControl: PRIVATE });
      return renderConversation(reply, await conversationProps(request, conversation, { error }), 400);
    }
    await insertReport(app.db, { message_id: message.id, reporter_account_id: signedInUser(request).id, reason: parsed.data.reason, created_at: app.now() });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REPORTED' });
    return reply.header('cache-control', PRIVATE).redirect(`${conversationPath(conversation.id)}?notice=reported`, 303);
  });
}
