// npm run account:erase -- --email someone@example.com: erases an account for a request made by email,
// as the person's own "Erase your account" does (decision 0225).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { accountIdByEmail, eraseAccount } from '../src/server/features/privacy/privacy.service';
import { configuredFileStorage } from '../src/server/features/storage/storage.plugin';

const ArgsSchema = z.object({ email: z.email() });
const args = ArgsSchema.safeParse(parseArgs({ options: { email: { type: 'string' } }, strict: false }).values);
if (!args.success) {
  console.error('Usage: npm run account:erase -- --email someone@example.com');
  process.exit(2);
}
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const accountId = await accountIdByEmail(database.db, args.data.email);
  const outcome = accountId
    ? await eraseAccount({ db: database.db, fileStorage: configuredFileStorage(config, database.db), now: Date.now, secret: config.SESSION_SECRET, unsubscribeListKey: config.UNSUBSCRIBE_LIST_KEY }, accountId)
    : { status: 'not_found' as const };
  if (outcome.status === 'erased') {
    console.log(`Erased the account of ${args.data.email}${outcome.tombstone ? ' (its applications stay for the employers as "withdrawn, erased candidate")' : ''}.`);
  } else if (outcome.status === 'team_member') {
    console.error(`${args.data.email} is on a company's team: remove them from the team (or hand the company to another owner) first.`);
    process.exitCode = 1;
  } else {
    console.error(`No account has the email ${args.data.email}.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
