import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AccountRow } from './accounts.table';

/** The identity of an address: trimmed and lower-cased (no provider-specific rewriting such as Gmail's dots). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: Db, emailNormalized: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewJobSeeker {
  email: string;
  countryCode: string | null;
  emailAlertsOptIn: boolean;
  now: number;
}

/**
 * The job seeker's account, made if it does not exist yet. Answers whether it was made now; a
 * concurrent request that made it first is simply found (the unique normalised email decides).
 */
export async function findOrCreateJobSeeker(db: Db, person: NewJobSeeker): Promise<{ account: AccountRow; created: boolean }> {
  const emailNormalized = normalizeEmail(person.email);
  const inserted = await db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      email: person.email.trim(),
      email_normalized: emailNormalized,
      country_code: person.countryCode,
      email_alerts_opt_in: person.emailAlertsOptIn ? 1 : 0,
      created_at: person.now,
      last_login_at: person.now,
    })
    .onConflict((conflict) => conflict.column('email_normalized').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { account: inserted, created: true };
  const account = await db
    .updateTable('accounts')
    .set({ last_login_at: person.now })
    .where('email_normalized', '=', emailNormalized)
    .returningAll()
    .executeTakeFirst();
  if (!account) throw new Error('account vanished right after it was written');
  return { account, created: false };
}

export async function setEmailSubscription(db: Db, accountId: string, subscribed: boolean): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ email_unsubscribed: subscribed ? 0 : 1, ...(subscribed ? { email_alerts_opt_in: 1 } : {}) })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
