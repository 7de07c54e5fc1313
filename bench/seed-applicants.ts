// Seeds a job's applicant inbox for the benchmark (issue 12): one company with one employer (and a
// session), one job with two screening questions, and N applicants with profiles, answers, ratings,
// stages and some spotlight answers; then stores every match (the inbox's own refreshMatches).
// Alone: node --import tsx bench/seed-applicants.ts DATABASE_URL [applicants]
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '../src/server/db/connection';
import type { Insertable } from 'kysely';
import type { Database, Db, DialectName } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { refreshMatches } from '../src/server/features/applicants/applicants.service';
import { seedJobs } from '../tools/seed/jobs';
import { createSession } from '../src/server/features/sessions/session-repository';
import { STAGES } from '../src/shared/applicants/stages';

const PLACES = ['Austin, TX', 'Round Rock, TX', 'Dallas, TX', 'Houston, TX', 'San Antonio, TX', 'Seattle, WA', 'Chicago, IL', '78701', 'Denver, CO', 'Nowhere Land'];
const HEADLINES = ['Forklift operator, nights', 'Warehouse associate', 'Line cook', 'Night shift forklift driver', 'Retail cashier', 'Picker and packer', '', 'Delivery driver with CDL'];
const FIRST = ['Sam', 'Ana', 'Luis', 'Mia', 'Noah', 'Ava', 'Eli', 'Zoe', 'Kai', 'Ivy'];
const LAST = ['Baker', 'Lopez', 'Nguyen', 'Smith', 'Patel', 'Kim', 'Jones', 'Garcia'];

export interface SeededInbox {
  jobId: string;
  sessionCookie: string;
  applicants: number;
}

export async function seedInbox(db: Db, dialect: DialectName, options: { applicants: number; now: number }): Promise<SeededInbox> {
  const { now } = options;
  await seedJobs(db, dialect, { jobs: 1, now });
  const job = await db.selectFrom('jobs').select('id').executeTakeFirstOrThrow();
  const employerId = randomUUID();
  await db.insertInto('accounts').values({ id: employerId, email: 'bench-employer@example.com', email_normalized: 'bench-employer@example.com', country_code: 'US', email_alerts_opt_in: 0, created_at: now, last_login_at: now }).execute();
  await db.insertInto('companies').values({ id: 'benchco', name: 'Bench Freight', slug: 'bench-freight', created_at: now, plan: 'premium', moderation_state: 'approved', created_by: employerId }).execute();
  await db.insertInto('company_members').values({ company_id: 'benchco', account_id: employerId, role: 'owner', created_at: now }).execute();
  await db.updateTable('jobs').set({ company_id: 'benchco', company_name: 'Bench Freight', title: 'Night Forklift Operator', category: 'warehouse', city: 'Austin', state: 'TX', zip: '78701', latitude: 30.2672, longitude: -97.7431, remote: 0, updated_at: now - 86_400_000 }).where('id', '=', job.id).execute();
  await db
    .insertInto('job_screening_questions')
    .values([
      { job_id: job.id, position: 0, text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: 1, expected: 'yes' },
      { job_id: job.id, position: 1, text: 'What hourly pay do you expect?', kind: 'text', deal_breaker: 0, expected: null },
    ])
    .execute();

  const BATCH = 250;
  for (let start = 0; start < options.applicants; start += BATCH) {
    const accounts: Insertable<Database['accounts']>[] = [];
    const applications: Insertable<Database['job_applications']>[] = [];
    const answers: Insertable<Database['job_application_answers']>[] = [];
    const spotlight: Insertable<Database['spotlight_answers']>[] = [];
    for (let i = start; i < Math.min(options.applicants, start + BATCH); i += 1) {
      const accountId = randomUUID();
      const applicationId = randomUUID();
      const email = `bench-seeker-${i}@example.com`;
      const failed = i % 7 === 0;
      accounts.push({ id: accountId, email, email_normalized: email, country_code: 'US', email_alerts_opt_in: 0, created_at: now, last_login_at: now });
      applications.push({
        id: applicationId,
        account_id: accountId,
        job_id: job.id,
        full_name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`,
        email,
        phone: '+15125550100',
        location: PLACES[i % PLACES.length]!,
        headline: HEADLINES[(i * 3) % HEADLINES.length]!,
        resume_storage_key: null,
        created_at: now - i * 60_000,
        failed_deal_breaker: failed ? 1 : 0,
        stage: STAGES[i % 11 < 6 ? 0 : i % STAGES.length],
        opened_at: i % 3 === 0 ? null : now,
        rating: i % 4 === 0 ? (i % 5) + 1 : null,
      });
      answers.push(
        { application_id: applicationId, position: 0, question: 'Can you lift 50 lb?', answer: failed ? 'no' : 'yes', deal_breaker_failed: failed ? 1 : 0 },
        { application_id: applicationId, position: 1, question: 'What hourly pay do you expect?', answer: i % 2 ? `$${18 + (i % 10)} an hour` : 'Flexible', deal_breaker_failed: 0 },
      );
      if (i % 10 === 0) spotlight.push({ id: randomUUID(), account_id: accountId, prompt: 'about_you', kind: 'text', text: 'I love night shifts.', created_at: now });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values(accounts).execute();
      await trx.insertInto('job_applications').values(applications).execute();
      await trx.insertInto('job_application_answers').values(answers).execute();
      if (spotlight.length) await trx.insertInto('spotlight_answers').values(spotlight).execute();
    });
  }
  await refreshMatches(db, { companyId: 'benchco', jobId: job.id }, now);
  const session = await createSession(db, employerId, now, 30 * 86_400_000, 'employer');
  return { jobId: job.id, sessionCookie: `jw_session=${session.id}`, applicants: options.applicants };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: bench/seed-applicants.ts DATABASE_URL [applicants]');
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db);
  const seeded = await seedInbox(handle.db, handle.dialect, { applicants: Number(process.argv[3] ?? 5000), now: Date.now() });
  console.log(JSON.stringify(seeded));
  await handle.close();
}
