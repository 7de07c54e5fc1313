// Seeds the résumé database for the benchmark: N job seekers who opted in (accounts and their
// searchable rows, with headlines and experience from the jobs catalogue's titles, US cities by size,
// last active over six months), and one Standard company whose owner's employer session is returned.
// `node --import tsx bench/seed-resume-database.ts sqlite:/tmp/x.sqlite 100000` seeds a database by hand.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../src/server/db/database';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { getGazetteer } from '../src/server/features/jobs/places';
import { CATEGORY_SPECS } from '../tools/seed/catalog';
import { createSession } from '../src/server/features/sessions/session-repository';

const DAY_MS = 86_400_000;
const BATCH = 500;
const SKILLS = ['OSHA certified', 'bilingual (Spanish)', 'CDL class A', 'forklift certified', 'CPR and first aid', 'POS systems', 'Microsoft Excel', 'team lead', 'inventory control', 'customer service', 'night shifts', 'food safety'];
const NAMES = ['Ana', 'Ben', 'Carla', 'Dev', 'Erin', 'Femi', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena', 'Mo', 'Nia', 'Omar', 'Pia', 'Raj', 'Sam', 'Tia', 'Uma'];

/** A small deterministic generator, so two runs seed the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedResumeDatabase(db: Db, options: { seekers: number; now: number }): Promise<{ cookie: string; milliseconds: number }> {
  const started = performance.now();
  const next = random(12);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const titles = Object.values(CATEGORY_SPECS).flatMap((spec) => spec.titles.map((title) => title.title));
  // Bigger cities (more ZIP codes) get more people, as they do in life.
  const cities = getGazetteer().cities.slice(0, 400);
  const weights = cities.map((city) => Math.sqrt(city.zipCount));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pickCity = () => {
    let target = next() * totalWeight;
    for (let i = 0; i < cities.length; i += 1) {
      target -= weights[i]!;
      if (target <= 0) return cities[i]!;
    }
    return cities[0]!;
  };

  for (let from = 0; from < options.seekers; from += BATCH) {
    const count = Math.min(BATCH, options.seekers - from);
    const accounts: Insertable<Database['accounts']>[] = [];
    const rows: Insertable<Database['resume_seekers']>[] = [];
    for (let i = 0; i < count; i += 1) {
      const n = from + i;
      const id = randomUUID();
      const email = `seeker${n}@bench.example`;
      accounts.push({ id, email, email_normalized: email, country_code: 'US', email_alerts_opt_in: 1, created_at: options.now - 200 * DAY_MS, last_login_at: null });
      const title = pick(titles);
      const years = 1 + Math.floor(next() * 15);
      const city = pickCity();
      const seen = [pick(titles), pick(titles)].filter(() => next() < 0.6);
      rows.push({
        account_id: id,
        public_id: randomUUID().replaceAll('-', ''),
        seq: n + 1,
        initials: `${pick(NAMES)[0]}. ${pick(NAMES)[0]}.`,
        headline: `${title} with ${years} year${years === 1 ? '' : 's'} of experience`,
        experience: `${years} years as ${title.toLowerCase()}; ${pick(SKILLS)}; ${pick(SKILLS)}.`,
        titles: seen.join(' · '),
        place: `${city.city}, ${city.state}`,
        state: city.state,
        latitude: city.latitude,
        longitude: city.longitude,
        opted_in_at: options.now - 200 * DAY_MS,
        last_active_at: options.now - Math.floor(next() * 180 * DAY_MS),
        updated_at: options.now - 200 * DAY_MS,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values(accounts).execute();
      await trx.insertInto('resume_seekers').values(rows).execute();
    });
  }

  const ownerId = randomUUID();
  const companyId = randomUUID();
  await db.insertInto('accounts').values({ id: ownerId, email: 'owner@bench-resumes.example', email_normalized: 'owner@bench-resumes.example', country_code: 'US', email_alerts_opt_in: 0, created_at: options.now, last_login_at: null }).execute();
  await db.insertInto('companies').values({ id: companyId, name: 'Bench Staffing', slug: 'bench-staffing', created_at: options.now, website: null, logo_key: null, logo_content_type: null, size_band: '11-50', industry: null, plan: 'standard', moderation_state: 'approved', created_by: ownerId, updated_at: null }).execute();
  await db.insertInto('company_members').values({ company_id: companyId, account_id: ownerId, role: 'owner', created_at: options.now }).execute();
  const session = await createSession(db, ownerId, options.now, 7 * DAY_MS, 'employer');
  return { cookie: `jw_session=${session.id}`, milliseconds: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, seekers = '100000'] = process.argv.slice(2);
  if (!url) throw new Error('usage: bench/seed-resume-database.ts DATABASE_URL [seekers]');
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db);
  const seeded = await seedResumeDatabase(handle.db, { seekers: Number(seekers), now: Date.now() });
  console.log(`seeded ${seekers} seekers in ${(seeded.milliseconds / 1000).toFixed(1)} s; employer cookie: ${seeded.cookie}`);
  await handle.close();
}
