// The build's freshness (issue 47): `npm start` builds only when the build is missing or older than its
// sources. `node scripts/build-freshness.mjs --stamp` ends `npm run build`; `--build-if-stale` starts
// `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written last by a build that finished: its time is the build's. */
export const BUILD_STAMP = 'dist/.build-complete';

/**
 * What the build reads: the browser's code, the server's (compiled too, decision 0278) and what they
 * share, the demo data's start-up (the server imports it), the public files, and the build's
 * configuration and dependencies.
 */
export const BUILD_SOURCES = ['src', 'tools', 'public', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/precompress.mjs', 'scripts/build-server.mjs'];

/** The compiled server that `npm start` runs; a build from before the server was compiled lacks it. */
export const SERVER_BUNDLE = 'dist/server-js/main.js';

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** Whether the project at `root` has no finished build, or a source changed after it. */
export function buildIsStale(root = process.cwd()) {
  const stamp = path.join(root, BUILD_STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(root, SERVER_BUNDLE))) return true;
  const built = statSync(stamp).mtimeMs;
  return BUILD_SOURCES.some((source) => newestChange(path.join(root, source)) > built);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--stamp') {
    writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
  } else if (process.argv[2] === '--build-if-stale') {
    if (buildIsStale()) {
      const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
      process.exitCode = build.status ?? 1;
    }
  } else {
    console.error('Usage: node scripts/build-freshness.mjs --stamp | --build-if-stale');
    process.exitCode = 2;
  }
}
