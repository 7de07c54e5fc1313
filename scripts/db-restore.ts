// npm run db:restore -- --from FOLDER --yes: puts a backup of db:backup back (decision 0287). Stop the
// site first: the database is replaced whole. Files go into the storage STORAGE_DRIVER names.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, loadEnvFile } from '../src/server/config';
import { restoreBackup } from './backup/backup';

loadEnvFile();
const args = z
  .object({ from: z.string().min(1), yes: z.literal(true) })
  .safeParse(parseArgs({ options: { from: { type: 'string' }, yes: { type: 'boolean' } }, strict: false }).values);
if (!args.success) {
  console.error('Usage: npm run db:restore -- --from FOLDER --yes\nStop the site first: this replaces its whole database with the backup\'s (--yes says you mean it).');
  process.exit(2);
}
const config = loadConfig();
try {
  const report = await restoreBackup(config, path.resolve(args.data.from));
  console.log(`Restored the ${report.manifest.database} database of ${new Date(report.manifest.createdAt).toISOString()} and ${report.files} stored file(s) into ${config.STORAGE_DRIVER} storage.`);
  if (report.filesInDatabase) {
    console.log(`The backup's files were kept in its database: run npm run storage:migrate -- --from database --to ${config.STORAGE_DRIVER} to move them.`);
  }
} catch (error) {
  console.error(`db:restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
