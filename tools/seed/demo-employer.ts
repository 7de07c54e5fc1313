import type { Db } from '../../src/server/db/database';
import { findOrCreateJobSeeker } from '../../src/server/features/accounts/account-repository';
import { findMembership } from '../../src/server/features/companies/company.repository';

/** The demo employer named in the README: log in at /authn/employer/login with this address (code in /dev/mailbox). */
export const DEMO_EMPLOYER_EMAIL = 'employer@jobwise.localhost';
export const DEMO_COMPANY = {
  id: 'demo-company',
  name: 'Jobwise Demo Company',
  slug: 'jobwise-demo-company',
  website: 'https://demo-company.jobwise.example/',
  size_band: '11-50',
  industry: 'Transportation and Warehousing',
  description: 'A demo company to try the employer side of Jobwise: edit this profile, add a logo, invite a colleague and post a job.',
} as const;

/**
 * Makes the demo employer account and its company (owner), once: a second run changes nothing. The
 * company is approved (its jobs publish at once) and on Free, with no jobs of its own.
 */
export async function seedDemoEmployer(db: Db, now: number): Promise<{ created: boolean }> {
  const { account } = await findOrCreateJobSeeker(db, { email: DEMO_EMPLOYER_EMAIL, countryCode: 'US', emailAlertsOptIn: false, now });
  if (await findMembership(db, account.id)) return { created: false };
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('companies').select('id').where('id', '=', DEMO_COMPANY.id).executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('companies')
        .values({ ...DEMO_COMPANY, created_at: now, updated_at: now, logo_key: null, logo_content_type: null, plan: 'free', moderation_state: 'approved', created_by: account.id })
        .execute();
    }
    await trx.insertInto('company_members').values({ company_id: DEMO_COMPANY.id, account_id: account.id, role: 'owner', created_at: now }).execute();
    return { created: true };
  });
}
