// An address's unsubscribes, and the development mailbox's copies of mail to it or about it.
import type { Db } from '../../db/database';
import { recipientKey } from './list-unsubscribe';
import { mailboxKey, unseal } from './mailbox-seal';

export async function unsubscribesOf(db: Db, listKey: string, address: string) {
  const rows = await db.selectFrom('email_unsubscribes').select(['kind', 'created_at']).where('recipient_key', '=', recipientKey(listKey, address)).execute();
  return rows.map((row) => ({ kind: row.kind, since: Number(row.created_at) }));
}

/**
 * Forgets an address: its unsubscribe rows, and every development-mailbox message addressed to it or
 * whose subject or body (sealed, opened here) names one of the needles (the person's name in an
 * employer's new-application email). The mailbox is a development tool of few rows; in production it
 * is empty and mail already sent over SMTP is beyond recall.
 */
export async function forgetRecipient(db: Db, keys: { listKey: string; mailboxSecret: string }, address: string, needles: readonly string[]): Promise<void> {
  await db.deleteFrom('email_unsubscribes').where('recipient_key', '=', recipientKey(keys.listKey, address)).execute();
  const key = mailboxKey(keys.mailboxSecret);
  const lowered = needles.map((needle) => needle.trim().toLowerCase()).filter((needle) => needle.length >= 4);
  const target = address.trim().toLowerCase();
  const rows = await db.selectFrom('dev_mailbox').select(['id', 'to_address', 'subject', 'text', 'html']).execute();
  const doomed = rows
    .filter((row) => {
      if (row.to_address.trim().toLowerCase() === target) return true;
      const opened = [row.subject, row.text, row.html].map((field) => (unseal(key, field) ?? field).toLowerCase()).join('\n');
      return lowered.some((needle) => opened.includes(needle));
    })
    .map((row) => row.id);
  for (let start = 0; start < doomed.length; start += 500) {
    await db.deleteFrom('dev_mailbox').where('id', 'in', doomed.slice(start, start + 500)).execute();
  }
}
