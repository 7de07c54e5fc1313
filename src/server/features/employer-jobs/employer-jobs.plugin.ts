import type { FastifyInstance, onResponseAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ROLE } from '../../../shared/accounts/roles';
import { ExpiryMailJobSchema, runJobExpiry, sendExpiryNotice, type ExpiryResult } from './job-expiry';
import { JobFigureCounter } from './job-figures';
import { companyRecipients } from './employer-jobs.repository';
import { loadCompanyFacts } from './company-facts';
import { PublishRefusedMailJobSchema, sendPublishRefused } from './publish-refused-mail';
import { SCHEDULED_PUBLISH_EVERY_MS, runScheduledPublishes, type ScheduledRunResult } from './scheduled-publishing';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-job figures counted in memory and flushed on a timer (decision 0113). */
    jobFigures: JobFigureCounter;
    /** Closes expired jobs and queues 3-day notices (the schedule, and `npm run jobs:expire`). */
    runJobExpiry(): Promise<ExpiryResult>;
    /** runJobExpiry, then this instance's due expiry-mail jobs: what they answered (sent, skipped: unsubscribed) and failed tries (tests, scripts). */
    runJobExpiryAndMail(): Promise<ExpiryResult & { sent: number; skipped: number; failed: number }>;
    /** Publishes the drafts whose scheduled time has come (the scheduler's job, and tests with their clock). */
    runScheduledPublishes(): Promise<ScheduledRunResult>;
  }
}

/** Posted jobs' figures and expiry: timers started with the app and stopped (after a last flush) on close. */
async function employerJobsPlugin(app: FastifyInstance) {
  const figures = new JobFigureCounter(app.db, () => app.now());
  app.decorate('jobFigures', figures);

  // The notices go through the job queue (decision 0280): 9 tries, about two hours with a 30 s first wait.
  const expiryMail = app.queue.defineMail({
    name: 'expiry-mail',
    payload: ExpiryMailJobSchema,
    run: (job) => sendExpiryNotice({ db: app.db, mailer: app.mailer, listKey: app.config.UNSUBSCRIBE_LIST_KEY, log: app.log }, job),
  });
  let running: Promise<ExpiryResult> | null = null;
  app.decorate('runJobExpiry', () => {
    // One run at a time in this process; other processes are kept out by the claims (decision 0112).
    running ??= runJobExpiry({
      db: app.db,
      queue: expiryMail,
      now: () => app.now(),
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
      recipients: (companyId) => companyRecipients(app.db, companyId),
    })
      .then((result) => {
        if (result.expired > 0) app.forgetVisitorPages();
        return result;
      })
      .finally(() => {
        running = null;
      });
    return running;
  });
  app.decorate('runJobExpiryAndMail', async () => {
    const result = await app.runJobExpiry();
    const ran = await app.queue.runDue(expiryMail.name);
    return { ...result, sent: ran.sent ?? 0, skipped: ran.skipped ?? 0, failed: ran.failed ?? 0 };
  });

  // Decision 0292: scheduled drafts go live through the scheduler, once a minute across instances.
  // A refusal is emailed to whoever scheduled it, once, through the queue (decision 0310).
  const refusedMail = app.queue.defineMail({
    name: 'publish-refused-mail',
    payload: PublishRefusedMailJobSchema,
    run: (job) => sendPublishRefused({ db: app.db, mailer: app.mailer, log: app.log }, job),
  });
  app.decorate('runScheduledPublishes', async () => {
    const result = await runScheduledPublishes({
      db: app.db,
      dialect: app.dialect,
      now: () => app.now(),
      rateLimitStore: app.rateLimits.store,
      companyFacts: (companyId) => loadCompanyFacts(app.db, companyId),
      refusedMail,
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
    });
    if (result.published > 0) app.forgetVisitorPages();
    return result;
  });
  app.scheduler.every('scheduled-publish', { everyMs: SCHEDULED_PUBLISH_EVERY_MS }, () => app.runScheduledPublishes());

  // Jobs change by an employer's or an admin's request (posting, editing, closing, reopening, renewing,
  // moderation, a company's new name), and by the expiry above: this instance then drops the job pages
  // and results pages it keeps for visitors. Other instances drop theirs within JOB_PAGES_CACHE_SECONDS
  // (decision 0183).
  // Only on state-changing routes, so page views carry no extra hook.
  const forgetAfterChange: onResponseAsyncHookHandler = async (request, reply) => {
    const user = request.user;
    if (!user || reply.statusCode >= 400) return;
    if (user.side === 'employer' || user.role === ADMIN_ROLE) app.forgetVisitorPages();
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), forgetAfterChange];
  });

  const timers: NodeJS.Timeout[] = [];
  if (app.config.NODE_ENV !== 'test') {
    const flush = setInterval(() => {
      figures.flush().catch((error: unknown) => app.log.warn({ err: error }, 'job figures flush failed'));
    }, app.config.JOB_FIGURES_FLUSH_SECONDS * 1000);
    flush.unref();
    timers.push(flush);
    const minutes = app.config.JOB_EXPIRY_INTERVAL_MINUTES;
    if (minutes > 0) {
      const expiry = setInterval(() => {
        app.runJobExpiry().then(
          (result) => app.log.info({ result }, 'job expiry run'),
          (error: unknown) => app.log.error({ err: error }, 'job expiry failed'),
        );
      }, minutes * 60_000);
      expiry.unref();
      timers.push(expiry);
    }
  }
  // preClose: the last counts are written while the database is still open (it closes in an onClose hook).
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await running?.catch(() => undefined);
    await figures.flush().catch((error: unknown) => app.log.warn({ err: error }, 'job figures flush failed'));
  });
}

export default fp(employerJobsPlugin, { name: 'employer-jobs', dependencies: ['config', 'mail', 'queue', 'scheduler'] });
