// npm run db:backup [-- --out FOLDER]: the database and every stored file into a new folder, while the
// site runs (decision 0287; docs/storage-and-backups.md). The folder is DATA_DIR/backups/jobwise-<time>
// unless --out names one; it appears only once the backup is whole.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, loadEnvFile } from '../src/server/config';
import { backupName, writeBackup } from './backup/backup';

loadEnvFile();
const args = z.object({ out: z.string().min(1).optional() }).safeParse(parseArgs({ options: { out: { type: 'string' } }, strict: false }).values);
if (!args.success) {
  console.error('Usage: npm run db:backup [-- --out FOLDER]');
  process.exit(2);
}
const config = loadConfig();
const target = path.resolve(args.data.out ?? path.join(config.DATA_DIR, 'backups', backupName(Date.now())));
try {
  const manifest = await writeBackup(config, target);
  const files = manifest.storageDriver === 'database' ? 'the stored files inside it' : `${manifest.files} stored file(s), ${manifest.fileBytes} bytes, from ${manifest.storageDriver} storage`;
  console.log(`Backed up the ${manifest.database} database and ${files} to ${target}`);
} catch (error) {
  console.error(`db:backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
