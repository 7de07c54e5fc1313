// Faults of durable work (issue 46, decision 0305), on one two-instance cluster, each timed:
// (a) a flaky SMTP server (refuses 3 of 10 messages, drops 1 connection of 10): every email is delivered;
// (b) kill -9 of an instance during a burst of 500 applications: every application's employer email is
//     delivered, each at most twice (one duplicate for the one kill), a duplicate under the same Message-ID;
// (c) the S3 server restarts during résumé uploads: every acknowledged upload is served whole.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { pgBossQueue } from '../../src/server/features/queue/pg-boss-queue';
import { messageIdFor } from '../../src/server/features/queue/queue';
import { createSession } from '../../src/server/features/sessions/session-repository';
import { startSmtp } from '../../tests/support/smtp-server';
import { sleep } from './cluster';
import { elapsed, runFault } from './fault-support';
import { request, sameOrigin } from './load';

const APPLICATIONS = 500;
const FLAKY_APPLICATIONS = 20;
const UPLOADS = 40;
const BOSS_EMAIL = 'boss@fault-mail.example';
const smtp = await startSmtp();
const timings: string[] = [];

interface Seeker {
  accountId: string;
  cookie: string;
}

/** A company with one open on-site job and its owner, and seekers with profiles and sessions: written straight to the database. */
async function seed(db: Db, seekers: number): Promise<{ jobKey: string; bossId: string; seekers: Seeker[] }> {
  const now = Date.now();
  const bossId = randomUUID();
  await db.insertInto('accounts').values({ id: bossId, email: BOSS_EMAIL, email_normalized: BOSS_EMAIL, country_code: 'US', email_alerts_opt_in: 0, created_at: now, last_login_at: now }).execute();
  await db.insertInto('companies').values({ id: 'faultco', name: 'Fault Freight', slug: 'fault-freight', created_at: now, plan: 'premium', moderation_state: 'approved', created_by: bossId }).execute();
  await db.insertInto('company_members').values({ company_id: 'faultco', account_id: bossId, role: 'owner', created_at: now }).execute();
  const job = await db.selectFrom('jobs').select(['id', 'listing_key']).orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('jobs').set({ company_id: 'faultco', company_name: 'Fault Freight', apply_type: 'on_site', status: 'open', expires_at: now + 30 * 86_400_000 }).where('id', '=', job.id).execute();
  const made: Seeker[] = [];
  for (let start = 0; start < seekers; start += 100) {
    const batch = Array.from({ length: Math.min(100, seekers - start) }, (_, i) => ({ id: randomUUID(), email: `seeker-${start + i}@fault-mail.example` }));
    await db.insertInto('accounts').values(batch.map((s) => ({ id: s.id, email: s.email, email_normalized: s.email, country_code: 'US', email_alerts_opt_in: 0, created_at: now, last_login_at: now }))).execute();
    await db.insertInto('seeker_profiles').values(batch.map((s, i) => ({ account_id: s.id, full_name: `Seeker ${start + i}`, phone: '+1 512 555 0100', location: 'Austin, TX', headline: 'Forklift certified', updated_at: now }))).execute();
    for (const s of batch) made.push({ accountId: s.id, cookie: `jw_session=${(await createSession(db, s.id, now, 86_400_000)).id}` });
  }
  return { jobKey: job.listing_key, bossId, seekers: made };
}

/** Applies through haproxy until the site answers (a request cut by the kill is sent again, as a person would). */
async function applyUntilAnswered(base: string, publicUrl: string, jobKey: string, seeker: Seeker): Promise<void> {
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const answer = await request(`${base}/candidate/apply`, { method: 'POST', headers: { ...sameOrigin(publicUrl), cookie: seeker.cookie }, body: JSON.stringify({ listing_key: jobKey, resume: 'none' }) });
    if (answer.status === 200 || answer.body.includes('ALREADY_APPLIED')) return;
    await sleep(100);
  }
  throw new Error(`seeker ${seeker.accountId} could not apply`);
}

async function inParallel<T>(items: T[], workers: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
}

/** The Message-IDs received so far, each with how many times. */
function receivedIds(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) if (mail.messageId) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
  return counts;
}

await runFault(
  {
    name: 'mail-and-storage',
    port: Number(process.env.FAULT_PORT ?? 3390),
    timeLimitMs: 280_000,
    env: {
      SMTP_URL: smtp.url,
      MAIL_SEND_TIMEOUT_MS: '3000',
      // Retries a second apart (doubling), workers polling every second, new applications queued every second.
      QUEUE_RETRY_DELAY_SECONDS: '1',
      QUEUE_POLL_SECONDS: '1',
      APPLICANT_MAIL_INTERVAL_SECONDS: '1',
      RATE_LIMIT_ACTIONS_MAX: '100000',
      SEEKER_MAX_RESUME_UPLOADS_PER_DAY: '1000',
    },
    cleanup: () => void smtp.close(),
  },
  async ({ cluster, base, publicUrl, db, log, check }) => {
    const { jobKey, bossId, seekers } = await seed(db.db, FLAKY_APPLICATIONS + APPLICATIONS);
    const applicationIds = async () => (await db.db.selectFrom('job_applications').select('id').execute()).map((row) => row.id);
    const expectedId = (applicationId: string) => messageIdFor('applicant-mail', `new-application:${applicationId}:${bossId}`, publicUrl);
    /**
     * Waits until every application has its employer email, for as long as emails keep arriving (a
     * loaded machine delivers slowly, not less): it gives up after `stalledMs` without a new delivery, or
     * at `withinMs` in all. Answers those still missing.
     */
    const allDelivered = async (ids: string[], withinMs: number, stalledMs = 20_000) => {
      const deadline = Date.now() + withinMs;
      let missing = ids;
      let lastProgress = Date.now();
      while (Date.now() < deadline && Date.now() - lastProgress < stalledMs) {
        const received = receivedIds();
        const stillMissing = ids.filter((id) => !received.has(expectedId(id)));
        if (stillMissing.length < missing.length) lastProgress = Date.now();
        missing = stillMissing;
        if (missing.length === 0) break;
        await sleep(250);
      }
      return missing;
    };
    const deadJobs = async () => Number((await sql<{ n: string }>`select count(*) as n from pgboss.job where state = 'failed'`.execute(db.db)).rows[0]!.n);

    // (c) The S3 server restarts during uploads: run while (a)'s retries wait, on other seekers.
    const restartDuringUploads = async () => {
      const uploadsStarted = Date.now();
      const uploaders = seekers.slice(seekers.length - UPLOADS);
      const acknowledged: { seeker: Seeker; bytes: Buffer }[] = [];
      let failed = 0;
      let restarted: Promise<void> | null = null;
      await inParallel(uploaders, 8, async (seeker, index) => {
        if (index === UPLOADS / 2 && !restarted) {
          log(`${acknowledged.length} uploads acknowledged; restarting the S3 server`);
          restarted = cluster.s3!.restart();
        }
        const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000 + index * 1000)]);
        const form = new FormData();
        form.append('resume', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
        const { 'content-type': _json, ...headers } = sameOrigin(publicUrl);
        try {
          const response = await fetch(`${base}/candidate/resume`, { method: 'POST', headers: { ...headers, cookie: seeker.cookie }, body: form, signal: AbortSignal.timeout(15_000) });
          if (response.status === 200 && (await response.text()).includes('UPLOADED')) acknowledged.push({ seeker, bytes });
          else failed += 1;
        } catch {
          failed += 1;
        }
      });
      await restarted;
      let whole = 0;
      for (const { seeker, bytes } of acknowledged) {
        const response = await fetch(`${base}/candidate/resume/file`, { headers: { cookie: seeker.cookie } });
        if (response.status === 200 && Buffer.from(await response.arrayBuffer()).equals(bytes)) whole += 1;
      }
      log(`S3 restart: ${acknowledged.length} uploads acknowledged, ${failed} refused or cut off`);
      check(restarted !== null, 'the S3 server restarted during the uploads');
      check(acknowledged.length > 0, 'uploads were acknowledged');
      check(whole === acknowledged.length, `every acknowledged upload is served whole (${whole} of ${acknowledged.length})`);
      timings.push(`S3 restart during uploads ${elapsed(uploadsStarted)}`);
    };

    // (a) A flaky SMTP server.
    let started = Date.now();
    smtp.state.behaviour = 'flaky';
    await inParallel(seekers.slice(0, FLAKY_APPLICATIONS), 8, (seeker) => applyUntilAnswered(base, publicUrl, jobKey, seeker));
    const flakyIds = await applicationIds();
    const [flakyMissing] = await Promise.all([allDelivered(flakyIds, 70_000, 70_000), restartDuringUploads()]);
    log(`flaky SMTP: ${flakyIds.length} applications; ${smtp.state.refused} deliveries refused, ${smtp.state.dropped} connections dropped`);
    check(flakyIds.length === FLAKY_APPLICATIONS, `${FLAKY_APPLICATIONS} applications stored (${flakyIds.length})`);
    check(smtp.state.refused > 0 && smtp.state.dropped > 0, 'the SMTP server refused some deliveries and dropped some connections');
    check(flakyMissing.length === 0, `every employer email was delivered through the flaky server (${flakyMissing.length} missing)`);
    check((await deadJobs()) === 0, 'no email job is dead');
    timings.push(`flaky SMTP ${elapsed(started)}`);

    // (b) kill -9 during a burst of 500 applications.
    started = Date.now();
    smtp.state.behaviour = 'accept';
    const before = smtp.received.length;
    let killedAt = 0;
    const burst = inParallel(seekers.slice(FLAKY_APPLICATIONS), 16, async (seeker, index) => {
      if (index === Math.floor(APPLICATIONS / 3) && !killedAt) {
        killedAt = Date.now();
        log(`${index} applications sent; kill -9 instance 0`);
        cluster.instances[0]!.process?.kill('SIGKILL');
      }
      await applyUntilAnswered(base, publicUrl, jobKey, seeker);
    });
    await burst;
    log(`burst answered in ${elapsed(started)}; starting instance 0 again`);
    const restarting = cluster.startInstance(0);
    // The killed instance's tries in flight stay active until their time limit (a minute or more) and pg-boss's
    // maintenance (every 2 minutes) fail them for a retry. Here that time is made to pass at once: those
    // tries (begun before the kill; the survivor's end within a second) are aged, and the expiry run.
    await sleep(2000);
    const aged = await sql`update pgboss.job set started_on = started_on - interval '1 hour' where state = 'active' and started_on < to_timestamp(${killedAt / 1000})`.execute(db.db);
    const sweeper = pgBossQueue(db.db, { supervise: false, onError: () => undefined });
    await sweeper.sweep();
    await sweeper.close();
    log(`${Number(aged.numAffectedRows ?? 0)} tries of the killed instance expired for a retry`);
    const allIds = await applicationIds();
    const burstIds = allIds.filter((id) => !flakyIds.includes(id));
    const burstMissing = await allDelivered(burstIds, 120_000);
    const counts = receivedIds();
    const burstCounts = burstIds.map((id) => counts.get(expectedId(id)) ?? 0);
    const duplicates = burstCounts.filter((n) => n > 1).length;
    log(`kill -9: ${burstIds.length} applications, ${smtp.received.length - before} emails received, ${duplicates} sent twice`);
    check(burstIds.length === APPLICATIONS, `${APPLICATIONS} applications stored (${burstIds.length})`);
    check(burstMissing.length === 0, `every application's employer email was delivered (${burstMissing.length} missing)`);
    check(burstCounts.every((n) => n <= 2), 'no email was sent more than twice (one duplicate for the one kill)');
    check(smtp.received.every((mail) => mail.messageId && counts.has(mail.messageId)), 'every duplicate carries the Message-ID of its email');
    check((await deadJobs()) === 0, 'no email job is dead');
    timings.push(`kill -9 during 500 applications ${elapsed(started)}`);
    await restarting;

    log(`times: ${timings.join('; ')}`);
  },
);
