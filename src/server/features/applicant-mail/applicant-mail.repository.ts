import { DEFAULT_APPLICATION_MAIL_FREQUENCY, isApplicationMailFrequency, type ApplicationMailFrequency } from '../../../shared/applicant-mail/settings';
import type { Db } from '../../db/database';

export async function findFrequency(db: Db, companyId: string, accountId: string): Promise<ApplicationMailFrequency> {
  const row = await db.selectFrom('application_mail_preferences').select('frequency').where('company_id', '=', companyId).where('account_id', '=', accountId).executeTakeFirst();
  return row && isApplicationMailFrequency(row.frequency) ? row.frequency : DEFAULT_APPLICATION_MAIL_FREQUENCY;
}

export async function setFrequency(db: Db, companyId: string, accountId: string, frequency: ApplicationMailFrequency, now: number): Promise<void> {
  await db
    .insertInto('application_mail_preferences')
    .values({ company_id: companyId, account_id: accountId, frequency, updated_at: now })
    .onConflict((conflict) => conflict.columns(['company_id', 'account_id']).doUpdateSet({ frequency, updated_at: now }))
    .execute();
}

export async function findRejectionEmails(db: Db, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('applicant_mail_settings').select('rejection_emails').where('company_id', '=', companyId).executeTakeFirst();
  return Number(row?.rejection_emails ?? 0) === 1;
}

/** Turning them on starts from now (rejections made while they were off are never mailed); saving "on" again keeps the start. */
export async function setRejectionEmails(db: Db, companyId: string, on: boolean, now: number): Promise<void> {
  const current = await db.selectFrom('applicant_mail_settings').select(['rejection_emails', 'rejection_emails_since']).where('company_id', '=', companyId).executeTakeFirst();
  const wasOn = Number(current?.rejection_emails ?? 0) === 1;
  const since = on ? (wasOn && current?.rejection_emails_since != null ? Number(current.rejection_emails_since) : now) : null;
  const values = { rejection_emails: on ? 1 : 0, rejection_emails_since: since, updated_at: now };
  await db
    .insertInto('applicant_mail_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}
