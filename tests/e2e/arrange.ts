// The people a browser test only needs as its setting, made in the e2e server's database with the
// server's own functions (decision 0224): signing up and creating a company are each proved through the
// pages by the specs about them, and the other specs start from a signed-in person, as the API tests do.
import { randomUUID } from 'node:crypto';
import { test, type BrowserContext } from '@playwright/test';
import { connectDatabase } from '../../src/server/db/connection';
import type { Db } from '../../src/server/db/database';
import { findOrCreateJobSeeker } from '../../src/server/features/accounts/account-repository';
import { grantAdmin } from '../../src/server/features/analytics/admin-grant';
import { approveCompany, createCompanyWithOwner, setCompanyPlan } from '../../src/server/features/companies/company.repository';
import { SESSION_COOKIE } from '../../src/server/features/sessions/sessions.plugin';
import { createSession, type SessionSide } from '../../src/server/features/sessions/session-repository';
import { titleKey } from '../../src/server/features/jobs/slugs';
import { INDUSTRIES } from '../../src/shared/companies/constants';
import { emailAlertsOptIn } from '../../src/shared/registration/country';

/** The e2e server's database (playwright.config.ts). */
export const E2E_DATABASE_URL = 'sqlite:./data/e2e.sqlite';
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Runs `work` on a connection of this test's own to the e2e server's database. */
export async function inE2eDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const handle = connectDatabase(E2E_DATABASE_URL, { checkpointer: false, sqliteRank: false });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

export interface PersonOptions {
  /** The side of the site the session is on (decision 0100): the seeker's by default. */
  side?: SessionSide;
  /** The role `npm run admin:grant` gives. */
  admin?: boolean;
  /** The country the sign-up saw (null: none), which decides the job-alert default as sign-up does. */
  countryCode?: string | null;
}

/**
 * `email` signed in in `context`: the account as the code sign-up makes it (made if new) and a session
 * whose cookie the browser holds, as after entering the emailed code.
 */
export async function signedIn(context: BrowserContext, email: string, options: PersonOptions = {}): Promise<{ accountId: string }> {
  const side = options.side ?? 'seeker';
  const countryCode = options.countryCode === undefined ? 'US' : options.countryCode;
  const { accountId, sessionId } = await inE2eDatabase(async (db) => {
    const now = Date.now();
    const alerts = side === 'employer' ? false : emailAlertsOptIn(countryCode, null);
    const { account } = await findOrCreateJobSeeker(db, { email, countryCode, emailAlertsOptIn: alerts, now });
    if (options.admin) await grantAdmin(db, email);
    const session = await createSession(db, account.id, now, SESSION_TTL_MS, side);
    return { accountId: account.id, sessionId: session.id };
  });
  const baseURL = test.info().project.use.baseURL!;
  await context.addCookies([{ name: SESSION_COOKIE, value: sessionId, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { accountId };
}

/** `email` has an account already (a returning visitor), made as the code sign-up makes it; nobody is signed in. */
export async function existingAccount(email: string, countryCode: string | null = 'US'): Promise<{ accountId: string }> {
  return inE2eDatabase(async (db) => {
    const { account } = await findOrCreateJobSeeker(db, { email, countryCode, emailAlertsOptIn: emailAlertsOptIn(countryCode, null), now: Date.now() });
    return { accountId: account.id };
  });
}

/** What `npm run admin:grant -- EMAIL` does (tests/api/analytics-dashboard.test.ts tests the tool itself). */
export async function makeAdmin(email: string): Promise<void> {
  if (!(await inE2eDatabase((db) => grantAdmin(db, email)))) throw new Error(`no account has the email ${email}`);
}

export interface CompanyOptions {
  name: string;
  /** A company whose first job was approved (its next jobs go live at once): true by default. */
  approved?: boolean;
}

/** `email` signed in on the employer side as the owner of a new company, as after the company form. */
export async function employerWithCompany(context: BrowserContext, email: string, company: CompanyOptions): Promise<{ accountId: string; companyId: string; slug: string }> {
  const { accountId } = await signedIn(context, email, { side: 'employer' });
  return inE2eDatabase(async (db) => {
    const made = await createCompanyWithOwner(db, {
      accountId,
      profile: { name: company.name, website: '', size_band: '11-50', industry: INDUSTRIES[0], description: '' },
      now: Date.now(),
    });
    if (!made.ok) throw new Error(`${email} is already a member of a company`);
    if (company.approved !== false) await approveCompany(db, made.company.id);
    return { accountId, companyId: made.company.id, slug: made.company.slug };
  });
}

/** What `npm run plan:set -- SLUG PLAN` does (tests/api/employers.test.ts tests the tool itself). */
export async function putCompanyOnPlan(slug: string, plan: 'free' | 'standard' | 'premium'): Promise<void> {
  const changed = await inE2eDatabase((db) => setCompanyPlan(db, slug, plan));
  if (!changed) throw new Error(`no company ${slug}`);
}

/**
 * An open job of the company in Austin, TX, and one application to it from each named person (a seeker
 * account each, made as sign-up makes it), a minute apart, the first named the newest: the setting of a
 * spec about the applicant inbox, as if they had applied through the job page.
 */
export async function jobWithApplicants(companyId: string, title: string, names: string[]): Promise<{ jobId: string; applicationIds: string[] }> {
  return inE2eDatabase(async (db) => {
    const now = Date.now();
    const company = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
    const seq = Number((await db.selectFrom('jobs').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst())?.seq ?? 0) + 1;
    const jobId = randomUUID().replace(/-/g, '').slice(0, 16);
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        seq,
        company_id: companyId,
        company_name: company.name,
        title,
        title_key: titleKey(title),
        description: 'Move pallets safely across a busy warehouse floor.',
        category: 'warehouse',
        employment_type: 'full_time',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        latitude: 30.2672,
        longitude: -97.7431,
        remote: 0,
        pay_min: 19,
        pay_max: 23,
        pay_period: 'hour',
        pay_max_annual: 23 * 2080,
        benefits: '[]',
        status: 'open',
        apply_type: 'on_site',
        external_url: null,
        listing_key: `lk_${jobId}`,
        listing_version_key: `lvk_${jobId}_1`,
        posted_at: now,
        closes_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const applicationIds: string[] = [];
    for (const [index, name] of names.entries()) {
      const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${jobId}@example.com`;
      const { account } = await findOrCreateJobSeeker(db, { email, countryCode: 'US', emailAlertsOptIn: false, now });
      const id = randomUUID();
      await db
        .insertInto('job_applications')
        .values({ id, account_id: account.id, job_id: jobId, full_name: name, email, phone: '+15125550100', location: 'Austin, TX', headline: 'Forklift operator', resume_storage_key: null, created_at: now - index * 60_000 })
        .execute();
      applicationIds.push(id);
    }
    return { jobId, applicationIds };
  });
}
