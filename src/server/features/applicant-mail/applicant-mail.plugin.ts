import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { ApplicantMailJobSchema, queueApplicantMail, sendApplicantMail } from './applicant-mail-run';
import { applicantEmailsSettings } from './applicant-mail.service';

/** What one run did: emails queued and digests empty, then the applicant-mail jobs this instance ran. */
export interface ApplicantMailRun {
  queued: number;
  empty: number;
  sent: number;
  skipped: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues every due applicant email, then runs this instance's due applicant-mail jobs (tests, scripts). */
    runApplicantMail(): Promise<ApplicantMailRun>;
  }
}


/**
 * Applicant emails (decisions 0156, 0272): the scheduler queues the due ones every
 * APPLICANT_MAIL_INTERVAL_SECONDS; the job queue sends them, retrying with backoff.
 */
async function applicantMailPlugin(app: FastifyInstance) {
  // The company profile page's "Emails to applicants" card (decision 0314).
  app.extendCompanies({ applicantEmailsSettings });
  const queue = app.queue.defineMail({
    name: 'applicant-mail',
    payload: ApplicantMailJobSchema,
    run: (job) => sendApplicantMail({ db: app.db, mailer: app.mailer, listKey: app.config.UNSUBSCRIBE_LIST_KEY, now: () => app.now(), log: app.log }, job),
  });
  // One run at a time in this process; other processes are kept out by the per-email claims.
  const queueDue = oneAtATime(() =>
    queueApplicantMail({
      db: app.db,
      queue,
      now: () => app.now(),
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
      stageMailQuietMs: app.config.STAGE_MAIL_QUIET_SECONDS * 1000,
    }),
  );
  app.decorate('runApplicantMail', async () => {
    const queued = await queueDue();
    const ran = await app.queue.runDue(queue.name);
    return { ...queued, sent: ran.sent ?? 0, skipped: ran.skipped ?? 0, failed: ran.failed ?? 0 };
  });

  const seconds = app.config.APPLICANT_MAIL_INTERVAL_SECONDS;
  if (seconds > 0) {
    app.scheduler.every('applicant-mail', { everyMs: seconds * 1000 }, async () => {
      const result = await queueDue();
      if (result.queued) app.log.info({ result }, 'applicant mail queued');
    });
  }
}

export default fp(applicantMailPlugin, { name: 'applicant-mail', dependencies: ['config', 'mail', 'scheduler', 'queue', 'companies'] });
