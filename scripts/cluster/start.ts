// npm run cluster -- --instances N: haproxy on PORT (3000) in front of N instances on PostgreSQL and Redis.
// SIGHUP restarts the instances one at a time; Ctrl-C, any other stopping signal, or npm ending stops
// everything, and the instances end with the launcher even when it is killed (decisions 0142, 0282).
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { Cluster, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, prepareDatabase } from './cluster';
import { STOP_SIGNALS, whenParentGoes } from './processes';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
}

const instances = Number(argument('instances') ?? 2);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('A cluster shares one PostgreSQL database: DATABASE_URL must be a postgres:// URL (or unset for the local one).');
  process.exit(1);
}
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
// Checks the environment as the instances will, and makes the development session secret once, so
// every instance signs cookies with the same one.
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });

const cluster = new Cluster({
  instances,
  port: config.PORT,
  bindHost: config.HOST,
  databaseUrl,
  redisUrl,
  env: { SESSION_SECRET: config.SESSION_SECRET, PUBLIC_URL: config.PUBLIC_URL },
  // The files outlive the launcher, as the database does (decision 0305).
  s3Directory: path.join(config.DATA_DIR, 'cluster-s3'),
});
// haproxy installed and every port free, before the database is touched.
await cluster.preflight().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
await prepareDatabase(databaseUrl, config.SEED_DEMO_DATA ? config.SEED_DEMO_JOBS : 0).catch((error: unknown) => {
  console.error(`Could not prepare the database at ${databaseUrl.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`);
  process.exit(1);
});
let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: stopping the instances (draining) and haproxy...`);
  await cluster.close();
  process.exit(0);
};
for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(signal));
// npm ends its script's shell, not this process: stop when the parent is gone.
whenParentGoes(() => void stop('npm (or the shell) that started the cluster ended'));
// A launcher that fails stops what it started; instances and haproxy also end on their own when it exits.
process.on('uncaughtException', (error) => {
  console.error(error);
  cluster.killAll();
  process.exit(1);
});
process.on('SIGHUP', () => {
  console.log('Rolling restart...');
  cluster.rollingRestart((step) => console.log(`  ${step}`)).catch((error: unknown) => console.error('rolling restart failed:', error));
});

try {
  await cluster.start();
} catch (error) {
  console.error((error as Error).message);
  await cluster.close();
  process.exit(1);
}
console.log(`Jobwise cluster: haproxy on ${config.PUBLIC_URL} -> ${cluster.instances.map((instance) => `127.0.0.1:${instance.port}`).join(', ')}`);
console.log(`Round robin, health-checked on /readyz. Ctrl-C stops; kill -HUP ${process.pid} restarts the instances one by one.`);
