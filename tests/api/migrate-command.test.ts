import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 47: `npm run migrate` migrates once, on its own; an instance started with MIGRATE_ON_START=false
// never migrates, and refuses to serve a database that lacks a migration.
const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (file: string, extra: Record<string, string> = {}) => ({ ...process.env, DATABASE_URL: `sqlite:${path.join(dir, file)}`, DATA_DIR: dir, ...extra });

describe('migrating on its own', () => {
  it('applies every migration once, then finds nothing to do', async () => {
    const first = await run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env: env('a.sqlite') });
    expect(first.stdout).toMatch(/^Applied \d+ migration\(s\): 0001-/);
    const second = await run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env: env('a.sqlite') });
    expect(second.stdout.trim()).toBe('The database is up to date.');
  }, 60_000);

  it('an instance told not to migrate stops on a database that lacks migrations, and says what to run', async () => {
    const started = run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: env('b.sqlite', { MIGRATE_ON_START: 'false', SEED_DEMO_DATA: 'false', PORT: '0' }) });
    await expect(started).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/lacks \d+ migration\(s\).*run npm run migrate/) });
  }, 60_000);
});
