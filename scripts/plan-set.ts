// npm run plan:set -- COMPANY_SLUG PLAN: an admin puts a company on a plan (no payment is built: issue 11).
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { setCompanyPlan } from '../src/server/features/companies/company.repository';
import { PLAN_IDS, isPlanId } from '../src/shared/companies/plans';

const [slug, plan] = process.argv.slice(2).map((arg) => arg.trim());
if (!slug || !plan || !isPlanId(plan)) {
  console.error(`Usage: npm run plan:set -- COMPANY_SLUG PLAN   (PLAN: ${PLAN_IDS.join(', ')})`);
  process.exit(2);
}
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  if (await setCompanyPlan(database.db, slug, plan)) {
    console.log(`${slug} is now on the ${plan} plan.`);
  } else {
    console.error(`No company has the address /company/${slug}.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
