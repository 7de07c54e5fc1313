import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KIND_LABELS, isEmailKind, MAIL_PATHS, type EmailKind } from '../../../shared/mail/kinds';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import type { Mailer, MailMessage } from './mailer';

const RECIPIENT_PURPOSE = 'mail-recipient:v1';
const TOKEN_PURPOSE = 'list-unsubscribe:v1';
const KEY = /^[A-Za-z0-9_-]{22}$/;

/** The address as the unsubscribe list knows it: a 128-bit HMAC of SESSION_SECRET over the lower-cased address. */
export function recipientKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`${RECIPIENT_PURPOSE}:${address.trim().toLowerCase()}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * "{kind}.{recipientKey}.{signature}": the signature a 128-bit HMAC of SESSION_SECRET over kind and
 * recipient. No expiry (an old email's link must still work); it names no address and holds no secret.
 */
export function listUnsubscribeToken(secret: string, address: string, kind: EmailKind): string {
  const recipient = recipientKey(secret, address);
  return `${kind}.${recipient}.${sign(secret, kind, recipient)}`;
}

export function readListUnsubscribeToken(secret: string, token: string): { kind: EmailKind; recipient: string } | null {
  const [kind, recipient, signature, ...rest] = token.split('.');
  if (!kind || !recipient || !signature || rest.length || !isEmailKind(kind) || !KEY.test(recipient)) return null;
  const expected = Buffer.from(sign(secret, kind, recipient));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { kind, recipient };
}

function sign(secret: string, kind: string, recipient: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}:${kind}:${recipient}`).digest().subarray(0, 16).toString('base64url');
}

export function listUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${MAIL_PATHS.unsubscribe}/${token}`;
}

export async function isUnsubscribed(db: Db, secret: string, address: string, kind: EmailKind): Promise<boolean> {
  const row = await db.selectFrom('email_unsubscribes').select('kind').where('recipient_key', '=', recipientKey(secret, address)).where('kind', '=', kind).executeTakeFirst();
  return row !== undefined;
}

export async function unsubscribe(db: Db, recipient: string, kind: EmailKind, now: number): Promise<void> {
  await db
    .insertInto('email_unsubscribes')
    .values({ recipient_key: recipient, kind, created_at: now })
    .onConflict((conflict) => conflict.columns(['recipient_key', 'kind']).doNothing())
    .execute();
}

export async function resubscribe(db: Db, recipient: string, kind: EmailKind): Promise<void> {
  await db.deleteFrom('email_unsubscribes').where('recipient_key', '=', recipient).where('kind', '=', kind).execute();
}

/** The unsubscribe line every kind of email ends with, in text and HTML, and the two headers (RFC 2369, RFC 8058). */
export function withUnsubscribeLink(message: MailMessage, url: string): MailMessage {
  const kind = message.kind!;
  const line = `Unsubscribe from ${EMAIL_KIND_LABELS[kind]}: ${url}`;
  const html = `<p><a href="${escapeHtml(url)}">Unsubscribe from ${escapeHtml(EMAIL_KIND_LABELS[kind])}</a></p>`;
  return {
    ...message,
    text: `${message.text}\n\n${line}`,
    html: message.html.includes('</body>') ? message.html.replace('</body>', `${html}</body>`) : `${message.html}${html}`,
    headers: { ...message.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Every message with a kind: not sent to an address that unsubscribed from that kind, otherwise sent
 * with its unsubscribe line and headers. Messages without a kind (sign-in codes; job alerts, which
 * carry their own link) pass through unchanged.
 */
export function withListUnsubscribe(mailer: Mailer, options: { db: Db; secret: string; publicUrl: string }): Mailer {
  return {
    kind: mailer.kind,
    close: () => mailer.close(),
    async send(message) {
      if (!message.kind) return mailer.send(message);
      if (await isUnsubscribed(options.db, options.secret, message.to, message.kind)) return;
      const url = listUnsubscribeUrl(options.publicUrl, listUnsubscribeToken(options.secret, message.to, message.kind));
      return mailer.send(withUnsubscribeLink(message, url));
    },
  };
}
