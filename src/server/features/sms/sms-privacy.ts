// SMS opt-ins: the number, the consent text shown and where it was given.
import type { Db } from '../../db/database';

export async function smsOptInsOf(db: Db, accountId: string) {
  const rows = await db.selectFrom('sms_opt_ins').select(['phone_e164', 'consent_text', 'consented_at', 'client_address', 'reg_method']).where('account_id', '=', accountId).execute();
  return rows.map((row) => ({ phone: row.phone_e164, consentText: row.consent_text, consentedAt: Number(row.consented_at), fromAddress: row.client_address, method: row.reg_method }));
}

/** The numbers, so the caller can clean them out of analytics too. */
export async function deleteSmsOptInsOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.deleteFrom('sms_opt_ins').where('account_id', '=', accountId).returning('phone_e164').execute();
  return rows.map((row) => row.phone_e164);
}
