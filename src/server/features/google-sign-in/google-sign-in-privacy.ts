// Google identities linked to an account, and the link offers (nonces) that name an address.
import type { Db } from '../../db/database';

export async function identitiesOf(db: Db, accountId: string) {
  const rows = await db.selectFrom('account_identities').select(['provider', 'subject', 'email', 'created_at', 'last_used_at']).where('account_id', '=', accountId).execute();
  return rows.map((row) => ({ provider: row.provider, subject: row.subject, email: row.email, linkedAt: Number(row.created_at), lastUsedAt: Number(row.last_used_at) }));
}

export async function deleteIdentitiesOf(db: Db, accountId: string, emailNormalized: string): Promise<void> {
  await db.deleteFrom('account_identities').where('account_id', '=', accountId).execute();
  await db.deleteFrom('google_sign_in_nonces').where('link_email_normalized', '=', emailNormalized).execute();
}
