import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { connectDatabase } from '../../src/server/db/connection';
import { freshPostgresDatabase, type BenchScenario, type Measurement } from '../harness';

// Issue 5: observation ingest. 50 senders post batches of 20 component observations, each batch with a
// new id; afterwards every acknowledged batch id is looked up in the database.
const MESSAGES_PER_BATCH = 20;
const SENDERS = 50;

function batchBody(batchId: string): string {
  const message = (i: number) => ({
    type_url: 'ComponentObservation',
    payload: {
      create_time_utc: Date.now(),
      meta_data: { visit_id: `visit-${batchId}`, country_code: 'US' },
      source: 'landing',
      component_id: 'landing_get_started',
      component_type: 'registration-modal',
      action: i % 2 === 0 ? 'DISPLAY' : 'SUBMIT',
      base_form_type: 'REGISTRATION',
      form_container_type: 'MODAL',
    },
  });
  return JSON.stringify({ batch_id: batchId, observe_type: 'AT_LEAST_ONCE', messages: Array.from({ length: MESSAGES_PER_BATCH }, (_, i) => message(i)) });
}

interface SenderContext {
  batchId?: string;
}

function observeScenario(name: string, description: string, databaseUrl: () => string, prepare?: () => Promise<void>): BenchScenario {
  const acknowledged = new Set<string>();
  const requests: autocannon.Options['requests'] = [
    {
      method: 'POST',
      path: '/observations/observe',
      setupRequest(request, context: SenderContext) {
        context.batchId = randomBytes(12).toString('base64url');
        return { ...request, body: batchBody(context.batchId) };
      },
      onResponse(status, _body, context: SenderContext) {
        if (status === 204 && context.batchId) acknowledged.add(context.batchId);
      },
    },
  ];
  const scenario: BenchScenario = {
    name,
    description,
    get appEnv() {
      // One load generator is one client address: its limit is raised, but still counted (in memory, decision 0086).
      return { DATABASE_URL: databaseUrl(), SEED_DEMO_DATA: 'false', INGEST_LIMIT_PER_CLIENT: '1000000000' };
    },
    prepare: async () => {
      await prepare?.();
      return {};
    },
    load: {
      method: 'POST',
      path: '/observations/observe',
      // What a keepalive fetch from our page sends; beacons differ only in content type.
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3300', 'sec-fetch-site': 'same-origin' },
      body: batchBody(randomBytes(12).toString('base64url')),
      connections: SENDERS,
      setupRequest: requests,
    },
    async verify(_url: string, result: Measurement) {
      const database = connectDatabase(databaseUrl());
      try {
        const stored = await database.db.selectFrom('observation_batch').select('batch_id').execute();
        const storedIds = new Set(stored.map((row) => row.batch_id));
        const missing = [...acknowledged].filter((id) => !storedIds.has(id)).length;
        const rows = await database.db.selectFrom('observation').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
        const perSecond = (result.requestsPerSecond * MESSAGES_PER_BATCH).toFixed(0);
        const verdict = missing === 0 ? 'every acknowledged message stored' : `${missing} ACKNOWLEDGED BATCHES MISSING`;
        return `${perSecond} messages stored/s; ${acknowledged.size * MESSAGES_PER_BATCH} messages acknowledged, ${Number(rows.n)} rows stored: ${verdict}`;
      } finally {
        await database.close();
      }
    },
  };
  return scenario;
}

const sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'jobwise-bench-observe-')), 'observe.sqlite');
export const observeSqliteScenario = observeScenario(
  'observe',
  `POST /observations/observe, ${MESSAGES_PER_BATCH} messages a batch, ${SENDERS} senders, SQLite`,
  () => `sqlite:${sqliteFile}`,
);

const PG_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'jobwise_bench_observe';
const pgUrl = () => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
};
export const observePostgresScenario = observeScenario(
  'observe-postgres',
  `POST /observations/observe, ${MESSAGES_PER_BATCH} messages a batch, ${SENDERS} senders, PostgreSQL`,
  pgUrl,
  async () => {
    if (!(await freshPostgresDatabase(PG_ADMIN_URL, PG_DATABASE))) throw new Error(`PostgreSQL is not reachable at ${PG_ADMIN_URL}`);
  },
);
