import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import type { QueueHandle } from '../queue/queue.plugin';
import { InterviewMailJobSchema, runInterviewReminders, sendInterviewMail, type InterviewMailJob } from './interview-mail';

/** What one reminder run did: interviews claimed, then the interview-mail jobs this instance ran. */
export interface InterviewReminderRun {
  claimed: number;
  sent: number;
  skipped: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The interview emails' queue: the routes queue invitations, updates and cancellations on it (decision 0303). */
    interviewMail: QueueHandle<InterviewMailJob>;
    /** Queues the reminders now due, then runs this instance's due interview-mail jobs (tests, scripts). */
    runInterviewReminders(): Promise<InterviewReminderRun>;
  }
}

/**
 * Interview emails through the job queue (decision 0303), with the mail queues' policy (retries with
 * backoff, then dead at /admin/queue). The 24-hour reminders are queued by the scheduler with the
 * applicant emails' period; claims keep each to one run (decision 0231).
 */
async function interviewMailPlugin(app: FastifyInstance) {
  const queue = app.queue.defineMail({
    name: 'interview-mail',
    payload: InterviewMailJobSchema,
    run: (job) => sendInterviewMail({ db: app.db, mailer: app.mailer, now: () => app.now(), log: app.log }, job),
  });
  app.decorate('interviewMail', queue);
  // One run at a time in this process; other processes are kept out by the per-interview claims.
  const queueDue = oneAtATime(() => runInterviewReminders({ db: app.db, queue, publicUrl: app.config.PUBLIC_URL, now: () => app.now() }));
  app.decorate('runInterviewReminders', async () => {
    const { claimed } = await queueDue();
    const ran = await app.queue.runDue(queue.name);
    return { claimed, sent: ran.sent ?? 0, skipped: ran.skipped ?? 0, failed: ran.failed ?? 0 };
  });

  const seconds = app.config.APPLICANT_MAIL_INTERVAL_SECONDS;
  if (seconds > 0) {
    app.scheduler.every('interview-reminders', { everyMs: seconds * 1000 }, async () => {
      const result = await queueDue();
      if (result.claimed) app.log.info({ result }, 'interview reminders queued');
    });
  }
}

export default fp(interviewMailPlugin, { name: 'interview-mail', dependencies: ['config', 'mail', 'scheduler', 'queue'] });
