import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AccountIdentityRow } from './account-identities.table';

export const GOOGLE_PROVIDER = 'google';

export async function findIdentity(db: Db, provider: string, subject: string): Promise<AccountIdentityRow | undefined> {
  return db.selectFrom('account_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

/** Links a provider subject to an account; a link made meanwhile by a concurrent request is kept. */
export async function linkIdentity(db: Db, link: { provider: string; subject: string; accountId: string; email: string; now: number }): Promise<void> {
  await db
    .insertInto('account_identities')
    .values({
      id: randomUUID(),
      provider: link.provider,
      subject: link.subject,
      account_id: link.accountId,
      email: link.email,
      created_at: link.now,
      last_used_at: link.now,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .execute();
}

/** A sign-in through a known link: remember when, and the address the provider gave this time. */
export async function recordIdentityUse(db: Db, identity: AccountIdentityRow, email: string, now: number): Promise<void> {
  await db.updateTable('account_identities').set({ last_used_at: now, email }).where('id', '=', identity.id).execute();
  await db.updateTable('accounts').set({ last_login_at: now }).where('id', '=', identity.account_id).execute();
}
