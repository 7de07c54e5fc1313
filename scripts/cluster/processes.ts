// The cluster launcher's processes (issue 46, decision 0282): what it checks before it starts anything,
// and how its instances and haproxy end with it, however it ends.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Signals on which the launcher stops its instances (SIGHUP restarts them instead; SIGKILL cannot be caught). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGUSR2'] as const;

export interface WantedPort {
  port: number;
  host: string;
  /** Who would listen there: "haproxy", "instance 0"... */
  usedFor: string;
}

/** Whether something already listens on host:port (a bind attempt that fails with EADDRINUSE or EACCES). */
export function portInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(true);
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/** The wanted ports that are taken, in the order given. */
export async function portsInUse(wanted: readonly WantedPort[]): Promise<WantedPort[]> {
  const taken: WantedPort[] = [];
  for (const entry of wanted) if (await portInUse(entry.port, entry.host)) taken.push(entry);
  return taken;
}

/**
 * What the launcher says about taken ports: each one, what it was for, and how to go on. A taken
 * instance port must stop the launcher, or haproxy would send visitors to whatever answers there.
 */
export function portsInUseMessage(taken: readonly WantedPort[]): string {
  const lines = taken.map((entry) => `  port ${entry.port} on ${entry.host} (for ${entry.usedFor})`);
  return [
    `Cannot start the cluster: ${taken.length === 1 ? 'a port it needs is' : 'ports it needs are'} in use:`,
    ...lines,
    'Stop what listens there (an earlier cluster? `ss -ltnp` shows the process), or choose another PORT: haproxy listens on PORT, the instances on the ports after it.',
  ].join('\n');
}

/** Whether a program can be run: false when it is not installed (not on PATH). */
export function hasProgram(command: string, versionArgument = '-v'): boolean {
  const result = spawnSync(command, [versionArgument], { stdio: 'ignore' });
  return !(result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT');
}

export const MISSING_HAPROXY_MESSAGE = [
  'Cannot start the cluster: haproxy is not installed. The cluster puts haproxy in front of its instances.',
  'Install it, then run `npm run cluster` again:',
  '  Debian or Ubuntu: sudo apt-get install haproxy',
  '  macOS (Homebrew): brew install haproxy',
].join('\n');

export { whenLauncherGoes } from './when-launcher-goes.mjs';

/**
 * In the launcher: calls `onOrphaned` when the process that started it (npm, a shell) is gone. npm ends
 * its script's shell and not the script, which the system then hands to another parent.
 */
export function whenParentGoes(onOrphaned: () => void, everyMs = 500): NodeJS.Timeout {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onOrphaned();
    }
  }, everyMs);
  timer.unref();
  return timer;
}

/**
 * How to run haproxy so that it ends with the launcher: on Linux under `setpriv --pdeathsig SIGTERM`
 * (the system sends it SIGTERM when the launcher exits, even by SIGKILL), else as is.
 */
export function withParentDeathSignal(command: string, args: readonly string[], setprivInstalled = process.platform === 'linux' && hasProgram('setpriv', '--version')): [string, string[]] {
  return setprivInstalled ? ['setpriv', ['--pdeathsig', 'SIGTERM', '--', command, ...args]] : [command, [...args]];
}
