// npm run storage:migrate -- --to s3 [--from disk] [--remove-source]: copies every stored file (résumés,
// logos, spotlight media, message files) into another storage driver under the same keys (decision
// 0286). The source is STORAGE_DRIVER unless --from names one. Run it again after a stop: files already
// copied are skipped. Then set STORAGE_DRIVER to the target and restart (docs/storage-and-backups.md).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, loadEnvFile } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { STORAGE_DRIVERS } from '../src/server/features/storage/file-storage';
import { fileStorageOf } from '../src/server/features/storage/storage.plugin';
import { moveFiles } from './storage/move-files';

loadEnvFile();
const ArgsSchema = z.object({ to: z.enum(STORAGE_DRIVERS), from: z.enum(STORAGE_DRIVERS).optional(), 'remove-source': z.boolean().optional() });
const args = ArgsSchema.safeParse(parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' }, 'remove-source': { type: 'boolean' } }, strict: false }).values);
if (!args.success) {
  console.error(`Usage: npm run storage:migrate -- --to ${STORAGE_DRIVERS.join('|')} [--from ${STORAGE_DRIVERS.join('|')}] [--remove-source]`);
  process.exit(2);
}
const config = loadConfig();
const database = connectDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const from = args.data.from ?? config.STORAGE_DRIVER;
  const report = await moveFiles(fileStorageOf(from, config, database.db), fileStorageOf(args.data.to, config, database.db), { removeFromSource: args.data['remove-source'] === true });
  console.log(
    `Copied ${report.copied} file(s) (${report.bytes} bytes) from ${from} to ${args.data.to} storage; ${report.skipped} were there already` +
      (args.data['remove-source'] ? `; removed ${report.removed} from ${from}.` : '.') +
      (config.STORAGE_DRIVER === args.data.to ? '' : ` Set STORAGE_DRIVER=${args.data.to} and restart to use them.`),
  );
} catch (error) {
  console.error(`storage:migrate stopped: ${(error as Error).message}. Run it again to go on where it stopped.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
