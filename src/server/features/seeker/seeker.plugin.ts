import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { AlertMailJobSchema, queueAlertDigest, sendAlertMail } from './alert-digest';

/** What one run did: digests queued and empty, then the alert-mail jobs this instance ran. */
export interface DigestResult {
  sent: number;
  empty: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues every due job alert once, then runs this instance's due alert-mail jobs (tests, `npm run alerts:send`). */
    runAlertDigest(): Promise<DigestResult>;
  }
}


/** The job alert digest: the scheduler queues the due ones, the job queue sends them (decision 0280). */
async function seekerPlugin(app: FastifyInstance) {
  const queue = app.queue.defineMail({
    name: 'alert-mail',
    payload: AlertMailJobSchema,
    run: (job) => sendAlertMail({ db: app.db, mailer: app.mailer, now: () => app.now(), log: app.log }, job),
  });
  // One run at a time in this process; other processes are kept out by the per-alert claim.
  const queueDue = oneAtATime(() =>
    queueAlertDigest({ db: app.db, dialect: app.dialect, queue, now: () => app.now(), publicUrl: app.config.PUBLIC_URL, secret: app.config.secrets.unsubscribeLinks.current, log: app.log }),
  );
  app.decorate('runAlertDigest', async () => {
    const queued = await queueDue();
    const ran = await app.queue.runDue(queue.name);
    return { sent: ran.sent ?? 0, empty: queued.empty, failed: ran.failed ?? 0 };
  });

  // Once per period across all instances (decision 0141); each alert is still claimed on its own (0072).
  const minutes = app.config.ALERT_DIGEST_INTERVAL_MINUTES;
  if (minutes > 0) {
    app.scheduler.every('alert-digest', { everyMs: minutes * 60_000 }, async () => {
      const result = await queueDue();
      app.log.info({ result }, 'job alert digest queued');
    });
  }
}

export default fp(seekerPlugin, { name: 'seeker', dependencies: ['config', 'mail', 'scheduler', 'queue'] });
