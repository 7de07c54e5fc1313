import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { runApplicantMail, type ApplicantMailResult } from './applicant-mail-run';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due applicant email once: new applications, digests, interview and rejection emails. */
    runApplicantMail(): Promise<ApplicantMailResult>;
  }
}

/** Applicant emails, run by the scheduler every APPLICANT_MAIL_INTERVAL_SECONDS (decision 0156). */
async function applicantMailPlugin(app: FastifyInstance) {
  // One run at a time in this process; other processes are kept out by the per-email claims.
  app.decorate(
    'runApplicantMail',
    oneAtATime(() =>
      runApplicantMail({
        db: app.db,
        mailer: app.mailer,
        now: () => app.now(),
        publicUrl: app.config.PUBLIC_URL,
        listKey: app.config.UNSUBSCRIBE_LIST_KEY,
        log: app.log,
        stageMailQuietMs: app.config.STAGE_MAIL_QUIET_SECONDS * 1000,
      }),
    ),
  );

  const seconds = app.config.APPLICANT_MAIL_INTERVAL_SECONDS;
  if (seconds > 0) {
    app.scheduler.every('applicant-mail', { everyMs: seconds * 1000 }, async () => {
      const result = await app.runApplicantMail();
      if (result.sent || result.failed) app.log.info({ result }, 'applicant mail run');
    });
  }
}

export default fp(applicantMailPlugin, { name: 'applicant-mail', dependencies: ['config', 'mail', 'scheduler'] });
