// Scripts that disturb shared services (restarting the machine's PostgreSQL) or load the machine run
// inside the lock every engineer's heavy test takes: this re-runs the script under `flock` unless this
// process or one of its parents already holds it (then waiting would wait for ourselves).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

export const HEAVY_LOCK = '/tmp/jobwise-heavy.lock';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
  } catch {
    return null;
  }
}

/** True when a process among ours and our parents holds the flock on HEAVY_LOCK (Linux /proc/locks). */
export function heavyLockHeldByUs(): boolean {
  if (!existsSync(HEAVY_LOCK) || !existsSync('/proc/locks')) return false;
  const inode = statSync(HEAVY_LOCK).ino;
  const holders = new Set(
    readFileSync('/proc/locks', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1] === 'FLOCK' && Number(fields[5]?.split(':')[2]) === inode)
      .map((fields) => Number(fields[4])),
  );
  for (let pid: number | null = process.pid; pid && pid > 1; pid = parentOf(pid)) if (holders.has(pid)) return true;
  return false;
}

export function holdHeavyLock(scriptPath: string): void {
  if (process.env.JOBWISE_HEAVY_LOCK_HELD === '1' || heavyLockHeldByUs()) return;
  console.log(`Waiting for ${HEAVY_LOCK}...`);
  const result = spawnSync('flock', [HEAVY_LOCK, process.execPath, '--import', 'tsx', scriptPath, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, JOBWISE_HEAVY_LOCK_HELD: '1' },
  });
  process.exit(result.status ?? 1);
}
