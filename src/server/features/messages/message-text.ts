import { LinkifyIt } from 'linkify-it';
import { z } from 'zod';
import { MESSAGE_MAX, MESSAGE_TEXTS, attachmentPath, type MessagePart, type MessageView } from '../../../shared/messages/constants';
import type { MessageRow } from './messages.table';

const linkify = new LinkifyIt();

/**
 * A message as typed: line ends made \n, trimmed, 1 to MESSAGE_MAX characters, no NUL. It is kept and
 * shown as plain text (React escapes it); HTML in it is just text.
 */
export const MessageBodySchema = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z
    .string({ error: MESSAGE_TEXTS.empty })
    .transform((value) => value.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim())
    .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(MESSAGE_MAX, MESSAGE_TEXTS.tooLong)),
);

/** The text beside a file: the same rules, but it may be empty. */
export const CaptionSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : (value ?? '')),
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').replaceAll('\u0000', '').trim())
    .pipe(z.string().max(MESSAGE_MAX, MESSAGE_TEXTS.tooLong)),
);

/** The text in pieces, with its web links (http and https only) as links. */
export function messageParts(body: string): MessagePart[] {
  const matches = linkify.match(body) ?? [];
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of matches) {
    if (!/^https?:\/\//i.test(match.url)) continue;
    if (match.index > at) parts.push({ text: body.slice(at, match.index) });
    parts.push({ text: match.text, href: match.url });
    at = match.lastIndex;
  }
  if (at < body.length) parts.push({ text: body.slice(at) });
  return parts;
}

/** The first line of a message, shortened, for the conversation list. */
export function snippet(body: string | null, max = 120): string {
  if (!body) return '';
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const moments = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
/** When a message was sent, as both sides' pages show it ("Nov 21, 12:00 PM UTC"). */
export const formatMoment = (ms: number) => moments.format(new Date(ms));

/** "320 KB", "1.4 MB" */
function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A message's file as both sides' pages show it: its name, its address (the two sides only), its size. */
export function attachmentView(row: Pick<MessageRow, 'id' | 'conversation_id' | 'attachment_key' | 'attachment_name' | 'attachment_size'>): MessageView['attachment'] {
  if (!row.attachment_key) return null;
  return { name: row.attachment_name ?? 'attachment', href: attachmentPath(row.conversation_id, row.id), size: formatSize(Number(row.attachment_size ?? 0)) };
}
