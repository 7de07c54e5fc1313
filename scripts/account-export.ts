// npm run account:export -- --email someone@example.com --out file.zip: everything Jobwise holds about an
// account (both sides of the site), as the person's own download gives it (decision 0225).
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { dataZip } from '../src/server/features/privacy/data-zip';
import { accountExport, accountIdByEmail } from '../src/server/features/privacy/privacy.service';
import { configuredFileStorage } from '../src/server/features/storage/storage.plugin';

const ArgsSchema = z.object({ email: z.email(), out: z.string().min(1).regex(/\.zip$/i, 'the file name ends in .zip') });
const args = ArgsSchema.safeParse(parseArgs({ options: { email: { type: 'string' }, out: { type: 'string' } }, strict: false }).values);
if (!args.success) {
  console.error('Usage: npm run account:export -- --email someone@example.com --out someone.zip');
  process.exit(2);
}
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const fileStorage = configuredFileStorage(config, database.db);
  const accountId = await accountIdByEmail(database.db, args.data.email);
  const data = accountId ? await accountExport({ db: database.db, fileStorage, now: Date.now, secret: config.SESSION_SECRET, unsubscribeListKey: config.UNSUBSCRIBE_LIST_KEY }, accountId, 'all') : null;
  if (data) {
    // Never over an existing file: the zip holds personal data, readable by its owner only.
    await pipeline(dataZip(fileStorage, data.data, data.files, Date.now()), createWriteStream(args.data.out, { flags: 'wx', mode: 0o600 }));
    console.log(`Wrote ${args.data.out}: the data and ${data.files.length} file(s) of ${args.data.email}.`);
  } else {
    console.error(`No account has the email ${args.data.email}.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
