// npm run admin:grant -- EMAIL: gives an existing account the admin role (the /admin/analytics dashboard).
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { grantAdmin } from '../src/server/features/analytics/admin-grant';

const email = z.email().safeParse(process.argv[2]?.trim());
if (!email.success) {
  console.error('Usage: npm run admin:grant -- person@example.com');
  process.exit(2);
}
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  if (await grantAdmin(database.db, email.data)) {
    console.log(`${email.data} is now an admin.`);
  } else {
    console.error(`No account has the email ${email.data}: sign up first, then grant.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
