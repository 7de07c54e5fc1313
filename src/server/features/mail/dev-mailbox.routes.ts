import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { compiledOnce } from '../../db/compiled-once';
import { escapeHtml } from '../../plugins/ssr';
import { isLoopbackAddress } from '../../lib/client-address';
import { isLoopbackHostName } from '../../plugins/host-check';
import type { RoutesApp } from '../../shared/route-contracts';
import type { DevMailboxRow } from './dev-mailbox.table';
import type { MailAttachment } from './mailer';
import { mailboxKey, unseal, type MailboxKey } from './mailbox-seal';

const MailboxQuerySchema = z.object({
  /** Only messages to this address (case-insensitive). */
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const AttachmentsSchema = z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }));
const HeadersSchema = z.record(z.string(), z.string());

const MailboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sent_at: z.number(),
  headers: HeadersSchema,
  attachments: AttachmentsSchema,
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

const newestMessages = compiledOnce((db, p: { limit: number }) => db.selectFrom('dev_mailbox').selectAll().orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(p.limit));
const newestMessagesTo = compiledOnce((db, p: { to: string; limit: number }) =>
  db
    .selectFrom('dev_mailbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', p.to))
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit),
);

async function listMessages(app: FastifyInstance, query: z.infer<typeof MailboxQuerySchema>): Promise<DevMailboxRow[]> {
  const result = query.to ? await newestMessagesTo(app.db, { to: query.to.toLowerCase(), limit: query.limit }) : await newestMessages(app.db, { limit: query.limit });
  return result.rows;
}

const UNREADABLE = '(This message cannot be opened: it was stored before the mailbox was sealed, or under another SESSION_SECRET.)';

/** A row as the person at the machine reads it. */
function openRow(key: MailboxKey, row: DevMailboxRow): MailboxMessage {
  const open = (text: string) => unseal(key, text) ?? UNREADABLE;
  return {
    to: row.to_address,
    subject: open(row.subject),
    text: open(row.text),
    html: open(row.html),
    sent_at: Number(row.sent_at),
    headers: parseHeaders(row.headers === null ? null : unseal(key, row.headers)),
    attachments: parseAttachments(row.attachments === null ? null : unseal(key, row.attachments)),
  };
}

/**
 * The development mailbox, for the person at this machine and for browser tests to read the codes
 * (decision 0081). It exists only outside production and only while no SMTP server is configured,
 * and answers only a loopback peer (the socket's address: no forwarded header counts) that asked by a
 * loopback name. Everyone else gets the ordinary 404.
 */
export default async function devMailboxRoutes(app: RoutesApp) {
  if (app.config.isProduction || app.config.SMTP_URL) return;
  const key = mailboxKey(app.config.SESSION_SECRET);

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackHostName(request.headers.host)) return reply.callNotFound();
  });

  app.get('/dev/mailbox.json', { schema: { querystring: MailboxQuerySchema, response: { 200: z.array(MailboxMessageSchema) } } }, async (request, reply) => {
    const { query } = request;
    const messages = (await listMessages(app, query)).map((row) => openRow(key, row));
    return reply.header('cache-control', 'no-store').send(messages);
  });

  app.get('/dev/mailbox', { schema: { querystring: MailboxQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const rows = (await listMessages(app, query)).map((row) => openRow(key, row));
    const items = rows
      .map(
        (row) =>
          `<li><article><h2>${escapeHtml(row.subject)}</h2>` +
          `<p>To <strong>${escapeHtml(row.to)}</strong>, sent <time datetime="${new Date(row.sent_at).toISOString()}">${escapeHtml(new Date(row.sent_at).toUTCString())}</time></p>` +
          `<pre>${escapeHtml(row.text)}</pre>` +
          row.attachments.map((file) => `<p>Attachment <strong>${escapeHtml(file.filename)}</strong> (${escapeHtml(file.contentType)})</p><pre>${escapeHtml(file.content)}</pre>`).join('') +
          '</article></li>',
      )
      .join('');
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="robots" content="noindex"><title>Development mailbox | Jobwise</title></head><body><main>' +
      '<h1>Development mailbox</h1>' +
      '<p>Mail the site would have sent, newest first. This page exists only outside production, while no SMTP server is set, and only for this machine; <a href="/dev/mailbox.json">the same as JSON</a>.</p>' +
      (rows.length === 0 ? '<p>No messages yet.</p>' : `<ol reversed>${items}</ol>`) +
      '</main></body></html>';
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}

function parseHeaders(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const parsed = HeadersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function parseAttachments(text: string | null): MailAttachment[] {
  if (!text) return [];
  try {
    const parsed = AttachmentsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
