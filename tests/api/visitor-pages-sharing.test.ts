// Visitors' kept pages are dropped on every instance when an employer changes a job on one (decision
// 0281): through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY. Two instances on
// one PostgreSQL database; their clocks stand still, so a kept page would otherwise be served for good.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { getPage, postForm } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, testDialect, type SharedTestDatabase } from '../support/test-database';

const RESULTS = '/jobs-search?search=forklift';
const redisUrl = process.env.TEST_REDIS_URL;
const LIMITS = { RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' };

for (const engine of ['postgres', 'redis'] as const) {
  describe.skipIf(testDialect() !== 'postgres' || (engine === 'redis' && !redisUrl))(`kept visitor pages on two instances, shared through ${engine}`, () => {
    let shared: SharedTestDatabase;
    let a: TestApp;
    let b: TestApp;
    beforeEach(async () => {
      shared = await createSharedTestDatabase();
      const env = engine === 'redis' ? { ...LIMITS, REDIS_URL: redisUrl! } : LIMITS;
      a = await createTestApp(env, { database: shared.connect() });
      b = await createTestApp(env, { database: shared.connect() });
      b.clock.time = a.clock.time;
    });
    afterEach(async () => {
      await a.close();
      await b.close();
      await shared.close();
    });

    it("drops the other instance's kept pages when an employer closes a job on this one", async () => {
      expect([a.app.visitorPagesSharing, b.app.visitorPagesSharing]).toEqual([engine, engine]);
      const { jar } = await employerOfNewCompany(a.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
      expect((await postJobForm(a.app, jar, '/post-a-job', JOB_FORM)).statusCode).toBe(303);
      const job = await a.app.db.selectFrom('jobs').select('id').where('title', '=', JOB_FORM.title).executeTakeFirstOrThrow();
      expect((await getPage(b.app, RESULTS)).body).toContain('Night Forklift Operator');

      // A change only the database sees: b keeps serving what it kept.
      await a.app.db.updateTable('jobs').set({ company_name: 'Beta Haulage' }).where('id', '=', job.id).execute();
      expect((await getPage(b.app, RESULTS)).body).not.toContain('Beta Haulage');

      const closed = await postForm(a.app, '/dashboard/jobs/actions', { action: 'close', job_id: job.id }, { jar, xhr: false });
      expect(closed.statusCode).toBe(303);
      expect((await getPage(a.app, RESULTS)).body).not.toContain('Night Forklift Operator');
      await expect.poll(async () => (await getPage(b.app, RESULTS)).body.includes('Night Forklift Operator')).toBe(false);
    });
  });
}

describe.skipIf(testDialect() !== 'sqlite')('kept visitor pages on SQLite', () => {
  it('are shared with nobody: one instance', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.visitorPagesSharing).toBe('none');
    } finally {
      await t.close();
    }
  });
});
