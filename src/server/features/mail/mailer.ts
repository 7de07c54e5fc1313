import nodemailer from 'nodemailer';
import type { EmailKind } from '../../../shared/mail/kinds';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import { seal, type MailboxKey } from './mailbox-seal';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe for job alert digests. */
  headers?: Record<string, string>;
  /**
   * The kind of email, for everything but the transactional sign-in codes: the mailer then skips an
   * address that unsubscribed from this kind and adds the unsubscribe line and headers (list-unsubscribe.ts).
   */
  kind?: EmailKind;
  /** Files sent with the message, such as an interview's calendar invitation (.ics, decision 0231). */
  attachments?: MailAttachment[];
  /**
   * The Message-ID, "<id@host>": a queued email's comes from its job's key, so a retry after a crash
   * sends the duplicate under the same Message-ID (decision 0272). Without it nodemailer makes one.
   */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  /** With its parameters: "text/calendar; charset=utf-8; method=REQUEST". */
  contentType: string;
  content: string;
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or stored in the mailbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'smtp' | 'mailbox';
}

export class MailTimeoutError extends Error {
  constructor(ms: number) {
    super(`sending mail took longer than ${ms} ms`);
    this.name = 'MailTimeoutError';
  }
}

export function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  // The timeouts are the connection's, so they go with the URL; the second argument is only the messages' defaults.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
    { from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, attachments: message.attachments, messageId: message.messageId });
    },
    async close() {
      transport.close();
    },
  };
}

const insertMail = compiledOnce(
  (db, p: { id: string; to: string; subject: string; text: string; html: string; sentAt: number; headers: string | null; attachments: string | null }) =>
    db.insertInto('dev_mailbox').values({ id: p.id, to_address: p.to, subject: p.subject, text: p.text, html: p.html, sent_at: p.sentAt, headers: p.headers, attachments: p.attachments }),
);

/**
 * The development mailbox: every message kept in the database, sealed (mailbox-seal.ts), readable at
 * /dev/mailbox from this machine only. Only the address stays plain, so the mailbox can filter by it.
 */
export function databaseMailbox(db: Db, now: () => number, key: MailboxKey): Mailer {
  return {
    kind: 'mailbox',
    async send(message) {
      await insertMail(db, {
        id: newRowId(),
        to: message.to,
        subject: seal(key, message.subject),
        text: seal(key, message.text),
        html: seal(key, message.html),
        sentAt: now(),
        headers: message.headers || message.messageId ? seal(key, JSON.stringify({ ...message.headers, ...(message.messageId ? { 'Message-ID': message.messageId } : {}) })) : null,
        attachments: message.attachments?.length ? seal(key, JSON.stringify(message.attachments)) : null,
      });
    },
    async close() {},
  };
}

/** Rejects with MailTimeoutError when the send does not finish in time; the caller treats it as a failure. */
export function withMailTimeout(mailer: Mailer, timeoutMs: number): Mailer {
  return {
    kind: mailer.kind,
    close: () => mailer.close(),
    send(message) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new MailTimeoutError(timeoutMs)), timeoutMs);
        mailer.send(message).then(
          () => {
            clearTimeout(timer);
            resolve();
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
  };
}

/** Tells `count` of every send's outcome, by the message's kind (`transactional` for sign-in codes and others without one): the metrics of mail (decision 0275). */
export function withSendCounts(mailer: Mailer, count: (kind: string, outcome: 'sent' | 'failed') => void): Mailer {
  return {
    kind: mailer.kind,
    close: () => mailer.close(),
    async send(message) {
      const kind = message.kind ?? 'transactional';
      try {
        await mailer.send(message);
      } catch (error) {
        count(kind, 'failed');
        throw error;
      }
      count(kind, 'sent');
    },
  };
}
