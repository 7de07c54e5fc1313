// The cluster launcher's checks and process ends (decision 0282), without starting a cluster.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Cluster } from './cluster';
import { MISSING_HAPROXY_MESSAGE, hasProgram, portsInUse, portsInUseMessage, withParentDeathSignal } from './processes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const servers: Server[] = [];
const started: number[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  // A child that failed its test must not outlive it.
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

async function listening(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts `node -e script` as a stand-in parent; answers it and the pid of the child it started, which
 * the script prints once the child is ready.
 */
async function parentWithChild(script: string): Promise<{ parent: ReturnType<typeof spawn>; childPid: number }> {
  const parent = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const childPid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once('exit', () => reject(new Error('the stand-in parent exited')));
  });
  started.push(childPid);
  return { parent, childPid };
}

describe('ports in use', () => {
  it('finds a taken port and says which one and what it was for', async () => {
    const taken = await listening();
    const free = await freePort();
    const found = await portsInUse([
      { port: free, host: '127.0.0.1', usedFor: 'haproxy' },
      { port: taken, host: '127.0.0.1', usedFor: 'instance 1' },
    ]);
    expect(found).toEqual([{ port: taken, host: '127.0.0.1', usedFor: 'instance 1' }]);
    expect(portsInUseMessage(found)).toContain(`port ${taken} on 127.0.0.1 (for instance 1)`);
  });

  it('makes the launcher refuse to start when an instance port is taken', async () => {
    const port = await freePort();
    const cluster = new Cluster({ instances: 2, port, instancePorts: [await listening(), await freePort()], databaseUrl: 'postgres://unused', redisUrl: 'redis://unused' });
    try {
      await expect(cluster.preflight()).rejects.toThrow(`(for instance 0)`);
    } finally {
      rmSync(cluster.workDir, { recursive: true, force: true });
    }
  });
});

describe('a missing haproxy', () => {
  it('is explained with how to install it, not a stack trace', async () => {
    expect(hasProgram('jobwise-no-such-program')).toBe(false);
    expect(hasProgram(process.execPath)).toBe(true);
    expect(MISSING_HAPROXY_MESSAGE).toContain('apt-get install haproxy');
    const emptyPath = mkdtempSync(path.join(tmpdir(), 'jobwise-no-haproxy-'));
    const savedPath = process.env.PATH;
    const cluster = new Cluster({ instances: 1, port: await freePort(), databaseUrl: 'postgres://unused', redisUrl: 'redis://unused' });
    process.env.PATH = emptyPath;
    try {
      await expect(cluster.preflight()).rejects.toThrow(MISSING_HAPROXY_MESSAGE);
    } finally {
      process.env.PATH = savedPath;
      rmSync(emptyPath, { recursive: true, force: true });
      rmSync(cluster.workDir, { recursive: true, force: true });
    }
  });
});

describe('processes end with the launcher', () => {
  it('an instance ends when its launcher is killed with SIGKILL', async () => {
    const { parent, childPid } = await parentWithChild(
      `const c = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster/processes-fixture.ts', 'instance'], { stdio: ['pipe', 'pipe', 'ignore'] }); c.stdout.once('data', () => console.log(c.pid)); setInterval(() => {}, 1000);`,
    );
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => alive(childPid), { timeout: 15_000 }).toBe(false);
  });

  it('the launcher stops when npm, its parent, goes', async () => {
    const { parent, childPid } = await parentWithChild(
      `const c = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster/processes-fixture.ts', 'launcher'], { stdio: ['ignore', 'pipe', 'ignore'] }); c.stdout.once('data', () => console.log(c.pid)); setInterval(() => {}, 1000);`,
    );
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => alive(childPid), { timeout: 15_000 }).toBe(false);
  });

  it.skipIf(!(process.platform === 'linux' && hasProgram('setpriv', '--version')))('haproxy gets SIGTERM from the system when the launcher dies', async () => {
    expect(withParentDeathSignal('haproxy', ['-db'], true)).toEqual(['setpriv', ['--pdeathsig', 'SIGTERM', '--', 'haproxy', '-db']]);
    expect(withParentDeathSignal('haproxy', ['-db'], false)).toEqual(['haproxy', ['-db']]);
    // A stand-in for haproxy that would otherwise run for a minute.
    const [command, args] = withParentDeathSignal('sleep', ['60'], true);
    const { parent, childPid } = await parentWithChild(
      // Its pid once setpriv has become sleep (the death signal is set by then).
      `const fs = require('node:fs'); const c = require('node:child_process').spawn(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: 'ignore' }); const t = setInterval(() => { if (fs.readFileSync('/proc/' + c.pid + '/cmdline', 'utf8').startsWith('sleep')) { clearInterval(t); console.log(c.pid); } }, 20); setInterval(() => {}, 1000);`,
    );
    expect(alive(childPid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => alive(childPid), { timeout: 15_000 }).toBe(false);
  });
});
