import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { MessageMailJobSchema, runMessageMail, sendMessageMail } from './message-mail';

/** What one run did: emails queued, then the message-mail jobs this instance ran. */
export interface MessageMailRun {
  queued: number;
  sent: number;
  skipped: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues every due unread-message email, then runs this instance's due message-mail jobs (tests, scripts). */
    runMessageMail(): Promise<MessageMailRun>;
  }
}

/**
 * Emails about unread messages (decisions 0229, 0280): the scheduler queues the due ones with the
 * applicant emails' period; the job queue sends them, retrying with backoff (9 tries, decision 0271).
 */
async function messageMailPlugin(app: FastifyInstance) {
  const queue = app.queue.defineMail({
    name: 'message-mail',
    payload: MessageMailJobSchema,
    run: (job) => sendMessageMail({ db: app.db, mailer: app.mailer, listKey: app.config.UNSUBSCRIBE_LIST_KEY, log: app.log }, job),
  });
  // One run at a time in this process; other processes are kept out by the per-email claims.
  const queueDue = oneAtATime(() => runMessageMail({ db: app.db, queue, now: () => app.now(), publicUrl: app.config.PUBLIC_URL, log: app.log }));
  app.decorate('runMessageMail', async () => {
    const queued = await queueDue();
    const ran = await app.queue.runDue(queue.name);
    return { ...queued, sent: ran.sent ?? 0, skipped: ran.skipped ?? 0, failed: ran.failed ?? 0 };
  });

  const seconds = app.config.APPLICANT_MAIL_INTERVAL_SECONDS;
  if (seconds > 0) {
    app.scheduler.every('message-mail', { everyMs: seconds * 1000 }, async () => {
      const result = await queueDue();
      if (result.queued) app.log.info({ result }, 'message mail queued');
    });
  }
}

export default fp(messageMailPlugin, { name: 'message-mail', dependencies: ['config', 'mail', 'scheduler', 'queue'] });
