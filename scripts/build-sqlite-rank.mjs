// Builds Jobwise's SQLite rank function (src/server/db/sqlite-rank/jobwise_rank.c, decision 0221) into
// build/sqlite-rank/, against the SQLite headers better-sqlite3 ships. `npm ci` and `npm install` run it
// (postinstall). Without a C compiler it says so and stops without failing the install: the search
// then ranks with FTS5's own bm25(), which gives the same order and counts every match for it.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const headers = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
const source = path.join(root, 'src/server/db/sqlite-rank/jobwise_rank.c');
const output = path.join(root, 'build/sqlite-rank/jobwise_rank.so');
const compiler = process.env.CC || 'cc';

mkdirSync(path.dirname(output), { recursive: true });
try {
  execFileSync(compiler, ['-O2', '-fPIC', '-shared', '-Wall', '-Werror', '-I', headers, source, '-o', output, '-lm'], { stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`jobwise: built ${path.relative(root, output)}`);
} catch (error) {
  console.warn(`jobwise: could not build the SQLite rank function (${error instanceof Error ? error.message : String(error)}); SQLite searches will rank with bm25() and count every match for it.`);
  if (process.env.JOBWISE_REQUIRE_SQLITE_RANK === '1') process.exitCode = 1;
}
