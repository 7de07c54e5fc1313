import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { claimScheduledRun, nextPeriodStart, runIfDue, type ScheduledJob } from './scheduler';

const HOUR = 60 * 60_000;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('scheduled job claims (on TEST_DATABASE_URL when set)', () => {
  let shared: SharedTestDatabase;
  const handles: DatabaseHandle[] = [];
  const connect = () => {
    const handle = shared.connect();
    handles.push(handle);
    return handle.db;
  };
  beforeAll(async () => {
    shared = await createSharedTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await shared.close();
  });

  it('aligns periods to the epoch, so every instance agrees on the next one', () => {
    expect(nextPeriodStart(T0, HOUR)).toBe(T0 + HOUR);
    expect(nextPeriodStart(T0 + 1, HOUR)).toBe(T0 + HOUR);
    expect(nextPeriodStart(T0 + HOUR - 1, HOUR)).toBe(T0 + HOUR);
  });

  it('lets exactly one of many instances claim a period, racing on their own connections', async () => {
    const instances = Array.from({ length: 6 }, () => connect());
    const job = { name: 'race', everyMs: HOUR, leaseMs: HOUR };
    const claims = await Promise.all(instances.map((db, index) => claimScheduledRun(db, job, T0 + 10, `instance-${index}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('runs a job once per period across instances, and again in the next period', async () => {
    const [a, b] = [connect(), connect()];
    let runs = 0;
    const job: ScheduledJob = { name: 'count', everyMs: HOUR, leaseMs: 5 * 60_000, run: async () => (runs += 1) };
    let now = T0 + 5;
    const clock = () => now;
    expect((await Promise.all([runIfDue(a, job, clock, 'a'), runIfDue(b, job, clock, 'b')])).sort()).toEqual(['not-due', 'ran']);
    now += 10 * 60_000;
    expect(await Promise.all([runIfDue(a, job, clock, 'a'), runIfDue(b, job, clock, 'b')])).toEqual(['not-due', 'not-due']);
    now = T0 + HOUR + 1;
    expect((await Promise.all([runIfDue(b, job, clock, 'b'), runIfDue(a, job, clock, 'a')])).sort()).toEqual(['not-due', 'ran']);
    expect(runs).toBe(2);
    const row = await a.selectFrom('scheduled_jobs').selectAll().where('name', '=', 'count').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ next_run_at: T0 + 2 * HOUR, lease_until: 0, last_status: 'ok' });
  });

  it('keeps a run that outlasts its period from overlapping, and frees a crashed one when its lease ends', async () => {
    const db = connect();
    const job = { name: 'crash', everyMs: 60_000, leaseMs: 5 * 60_000 };
    expect(await claimScheduledRun(db, job, T0, 'crashed')).toBe(true); // never finished: the instance died
    expect(await claimScheduledRun(db, job, T0 + 2 * 60_000, 'other')).toBe(false); // due, but still leased
    expect(await claimScheduledRun(db, job, T0 + 5 * 60_000, 'other')).toBe(true);
  });

  it('records a failed run, releases it, and rethrows', async () => {
    const db = connect();
    const job: ScheduledJob = {
      name: 'fails',
      everyMs: HOUR,
      leaseMs: HOUR,
      run: async () => {
        throw new Error('boom');
      },
    };
    await expect(runIfDue(db, job, () => T0, 'a')).rejects.toThrow('boom');
    const row = await db.selectFrom('scheduled_jobs').selectAll().where('name', '=', 'fails').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_status: 'failed', lease_until: 0, last_instance: 'a' });
  });
});
