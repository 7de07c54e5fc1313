// The notifications feature's public module (issue 42, decision 0228). Other features tell a person
// something with one call, notify(), inside their own transaction when they have one; the shell asks
// unreadCount() once per page for the bell.
import { randomUUID } from 'node:crypto';
import { EMPLOYER_EMAIL_CHOICES, NOTIFICATION_TEXT_MAX, NOTIFICATIONS_SHOWN, SEEKER_EMAIL_CHOICES, type EmailChoicesProps, type NotificationKind, type NotificationSide } from '../../../shared/notifications/notifications';
import { ownPath } from '../../../shared/own-path';
import type { Db } from '../../db/database';
import { recipientKey, resubscribe, unsubscribe } from '../mail/list-unsubscribe';
import type { NotificationRow } from './notifications.table';

export interface NotifyInput {
  accountId: string;
  /** The side whose list and bell show it; default the job seeker's. */
  side?: NotificationSide;
  kind: NotificationKind;
  /** One or two plain sentences (texts live in src/shared). */
  text: string;
  /** Our own path; anything else is refused (a notification never leads off the site). */
  link: string;
  /** What it is about, e.g. "application:{id}:stage" or "conversation:{id}": a later one with the same key replaces it, unread again. */
  subjectKey?: string | null;
  now: number;
}

/** Tells a person something. Takes the database or a transaction; answers the notification's id. */
export async function notify(db: Db, input: NotifyInput): Promise<string> {
  const link = ownPath(input.link);
  if (!link) throw new Error(`notification link is not our own path: ${input.link}`);
  const text = input.text.trim().slice(0, NOTIFICATION_TEXT_MAX);
  const values = { side: input.side ?? 'seeker', kind: input.kind, text, link, created_at: input.now, read_at: null };
  const id = randomUUID();
  if (!input.subjectKey) {
    await db.insertInto('notifications').values({ id, account_id: input.accountId, subject_key: null, ...values }).execute();
    return id;
  }
  const row = await db
    .insertInto('notifications')
    .values({ id, account_id: input.accountId, subject_key: input.subjectKey, ...values })
    .onConflict((conflict) => conflict.columns(['account_id', 'subject_key']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bell's number: one count over the (account, side, read_at) index. */
export async function unreadCount(db: Db, accountId: string, side: NotificationSide): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .where('side', '=', side)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The newest first; unread ones are not lifted above newer read ones (the list reads as a timeline). */
export async function listNotifications(db: Db, accountId: string, side: NotificationSide, limit = NOTIFICATIONS_SHOWN): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('side', '=', side)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at), read_at: row.read_at === null ? null : Number(row.read_at) }));
}

/** The person's own notification on this side, or undefined (someone else's is not found either). */
export async function findNotification(db: Db, accountId: string, side: NotificationSide, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('side', '=', side).executeTakeFirst();
}

/** Answers false when it is not this person's (or not on this side): the route answers 404. */
export async function markRead(db: Db, accountId: string, side: NotificationSide, id: string, now: number): Promise<boolean> {
  const found = await findNotification(db, accountId, side, id);
  if (!found) return false;
  await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).where('account_id', '=', accountId).where('read_at', 'is', null).execute();
  return true;
}

/** The person saw what a notification was about (a conversation opened): it is read too. */
export async function markSubjectRead(db: Db, accountId: string, subjectKey: string, now: number): Promise<void> {
  await db.updateTable('notifications').set({ read_at: now }).where('account_id', '=', accountId).where('subject_key', '=', subjectKey).where('read_at', 'is', null).execute();
}

export async function markAllRead(db: Db, accountId: string, side: NotificationSide, now: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('account_id', '=', accountId)
    .where('side', '=', side)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const choicesFor = (side: NotificationSide) => (side === 'seeker' ? SEEKER_EMAIL_CHOICES : EMPLOYER_EMAIL_CHOICES);

/**
 * The emails this person can turn off on this side, each on unless its kind is in the per-kind
 * unsubscribe list (decision 0155): the settings and an email's one-click link change the same row.
 */
export async function emailChoicesOf(db: Db, listKey: string, email: string, side: NotificationSide, action: string, saved: boolean): Promise<EmailChoicesProps> {
  const choices = choicesFor(side);
  const off = new Set(
    (
      await db
        .selectFrom('email_unsubscribes')
        .select('kind')
        .where('recipient_key', '=', recipientKey(listKey, email))
        .where(
          'kind',
          'in',
          choices.map((choice) => choice.kind),
        )
        .execute()
    ).map((row) => row.kind),
  );
  return { action, saved, choices: choices.map((choice) => ({ ...choice, on: !off.has(choice.kind) })) };
}

/** Saves the side's choices: every kind listed for the side and not in `on` is turned off, the others back on. */
export async function setEmailChoices(db: Db, listKey: string, email: string, side: NotificationSide, on: ReadonlySet<string>, now: number): Promise<void> {
  const recipient = recipientKey(listKey, email);
  await db.transaction().execute(async (trx) => {
    for (const choice of choicesFor(side)) {
      if (on.has(choice.kind)) await resubscribe(trx, recipient, choice.kind);
      else await unsubscribe(trx, recipient, choice.kind, now);
    }
  });
}
