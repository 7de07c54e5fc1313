import { compiledOnce, firstRow } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { AccountRow } from './accounts.table';

/** The identity of an address: trimmed and lower-cased (no provider-specific rewriting such as Gmail's dots). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const selectAccountByEmail = compiledOnce((db, p: { emailNormalized: string }) => db.selectFrom('accounts').selectAll().where('email_normalized', '=', p.emailNormalized));

export async function findAccountByEmail(db: Db, emailNormalized: string): Promise<AccountRow | undefined> {
  return firstRow(await selectAccountByEmail(db, { emailNormalized }));
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

const insertJobSeeker = compiledOnce(
  (db, p: { id: string; email: string; emailNormalized: string; countryCode: string | null; emailAlertsOptIn: number; now: number }) =>
    db
      .insertInto('accounts')
      .values({
        id: p.id,
        email: p.email,
        email_normalized: p.emailNormalized,
        country_code: p.countryCode,
        email_alerts_opt_in: p.emailAlertsOptIn,
        created_at: p.now,
        last_login_at: p.now,
      })
      .onConflict((conflict) => conflict.column('email_normalized').doNothing())
      .returningAll(),
);
const recordLogin = compiledOnce((db, p: { emailNormalized: string; now: number }) =>
  db.updateTable('accounts').set({ last_login_at: p.now }).where('email_normalized', '=', p.emailNormalized).returningAll(),
);

/**
 * The job seeker's account, made if it does not exist yet. Answers whether it was made now; a
 * concurrent request that made it first is simply found (the unique normalised email decides).
 */
export async function findOrCreateJobSeeker(db: Db, person: NewJobSeeker): Promise<{ account: AccountRow; created: boolean }> {
  const emailNormalized = normalizeEmail(person.email);
  const inserted = firstRow(
    await insertJobSeeker(db, {
      id: newRowId(),
      email: person.email.trim(),
      emailNormalized,
      countryCode: person.countryCode,
      emailAlertsOptIn: person.emailAlertsOptIn ? 1 : 0,
      now: person.now,
    }),
  );
  if (inserted) return { account: inserted, created: true };
  const account = firstRow(await recordLogin(db, { emailNormalized, now: person.now }));
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
