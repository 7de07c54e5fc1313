// Scripts that disturb shared services (restarting the machine's PostgreSQL) or load the machine run
// inside the lock every engineer's heavy test takes: this re-runs the script under `flock` if needed.
import { spawnSync } from 'node:child_process';

export const HEAVY_LOCK = '/tmp/jobwise-heavy.lock';

export function holdHeavyLock(scriptPath: string): void {
  if (process.env.JOBWISE_HEAVY_LOCK_HELD === '1') return;
  console.log(`Waiting for ${HEAVY_LOCK}...`);
  const result = spawnSync('flock', [HEAVY_LOCK, process.execPath, '--import', 'tsx', scriptPath, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, JOBWISE_HEAVY_LOCK_HELD: '1' },
  });
  process.exit(result.status ?? 1);
}
