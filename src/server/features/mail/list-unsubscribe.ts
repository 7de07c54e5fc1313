import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KIND_LABELS, isEmailKind, MAIL_PATHS, type EmailKind } from '../../../shared/mail/kinds';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import type { Mailer, MailMessage } from './mailer';

const RECIPIENT_PURPOSE = 'mail-recipient:v1';
const TOKEN_PURPOSE = 'list-unsubscribe:v1';
const KEY = /^[A-Za-z0-9_-]{22}$/;

/**
 * The address as the unsubscribe list knows it: a 128-bit HMAC of UNSUBSCRIBE_LIST_KEY over the
 * lower-cased address. That key never rotates, so rotating a secret re-subscribes nobody (decision 0276).
 */
export function recipientKey(listKey: string, address: string): string {
  return createHmac('sha256', listKey).update(`${RECIPIENT_PURPOSE}:${address.trim().toLowerCase()}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * "{kind}.{recipientKey}.{signature}": the signature a 128-bit HMAC of the unsubscribe links' secret over
 * kind and recipient. No expiry (an old email's link must still work while its key is accepted); it names
 * no address and holds no secret.
 */
export function listUnsubscribeToken(keys: { linkKey: string; listKey: string }, address: string, kind: EmailKind): string {
  const recipient = recipientKey(keys.listKey, address);
  return `${kind}.${recipient}.${sign(keys.linkKey, kind, recipient)}`;
}

/** The token's kind and recipient when it is signed by one of `linkKeys` (those accepted now, decision 0276). */
export function readListUnsubscribeToken(linkKeys: readonly string[], token: string): { kind: EmailKind; recipient: string } | null {
  const [kind, recipient, signature, ...rest] = token.split('.');
  if (!kind || !recipient || !signature || rest.length || !isEmailKind(kind) || !KEY.test(recipient)) return null;
  const given = Buffer.from(signature);
  const signed = linkKeys.some((key) => {
    const expected = Buffer.from(sign(key, kind, recipient));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return signed ? { kind, recipient } : null;
}

function sign(secret: string, kind: string, recipient: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}:${kind}:${recipient}`).digest().subarray(0, 16).toString('base64url');
}

export function listUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${MAIL_PATHS.unsubscribe}/${token}`;
}

export async function isUnsubscribed(db: Db, listKey: string, address: string, kind: EmailKind): Promise<boolean> {
  const row = await db.selectFrom('email_unsubscribes').select('kind').where('recipient_key', '=', recipientKey(listKey, address)).where('kind', '=', kind).executeTakeFirst();
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
export function withListUnsubscribe(mailer: Mailer, options: { db: Db; listKey: string; linkKey: string; publicUrl: string }): Mailer {
  return {
    kind: mailer.kind,
    close: () => mailer.close(),
    async send(message) {
      if (!message.kind) return mailer.send(message);
      if (await isUnsubscribed(options.db, options.listKey, message.to, message.kind)) return;
      const url = listUnsubscribeUrl(options.publicUrl, listUnsubscribeToken(options, message.to, message.kind));
      return mailer.send(withUnsubscribeLink(message, url));
    },
  };
}

const LIST_KEY_ROW = 'current';

export class UnsubscribeListKeyChangedError extends Error {
  constructor(readonly listed: number) {
    super(
      `UNSUBSCRIBE_LIST_KEY (or, with it unset, SESSION_SECRET) is not the key the unsubscribe list was made with: ${listed} opt-out(s) would be forgotten and those people emailed again. ` +
        'Set UNSUBSCRIBE_LIST_KEY to the previous value (the old SESSION_SECRET if it was never set) and start again (decision 0276).',
    );
    this.name = 'UnsubscribeListKeyChangedError';
  }
}

function listKeyFingerprint(listKey: string): string {
  return createHmac('sha256', listKey).update('jobwise unsubscribe list key fingerprint v1').digest('hex');
}

/**
 * Start-up's check that the unsubscribe list is read with the key it was made with (decision 0276): the
 * first start records the key's fingerprint; a later start under another key is refused while anyone is
 * on the list, and simply records the new key while the list is empty (nobody to re-subscribe).
 */
export async function checkUnsubscribeListKey(db: Db, listKey: string, now: number): Promise<void> {
  const fingerprint = listKeyFingerprint(listKey);
  await db
    .insertInto('unsubscribe_list_key')
    .values({ id: LIST_KEY_ROW, fingerprint, recorded_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const recorded = await db.selectFrom('unsubscribe_list_key').select('fingerprint').where('id', '=', LIST_KEY_ROW).executeTakeFirstOrThrow();
  if (recorded.fingerprint === fingerprint) return;
  const { listed } = await db.selectFrom('email_unsubscribes').select((eb) => eb.fn.countAll<number | string>().as('listed')).executeTakeFirstOrThrow();
  if (Number(listed) > 0) throw new UnsubscribeListKeyChangedError(Number(listed));
  await db.updateTable('unsubscribe_list_key').set({ fingerprint, recorded_at: now }).where('id', '=', LIST_KEY_ROW).execute();
}
