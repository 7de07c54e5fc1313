import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { runFollowUp, type FollowUpResult } from './follow-up-run';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refreshes the response figures, reminds teams at 14 days, closes silent applications at 30 (decision 0232). */
    runFollowUp(): Promise<FollowUpResult>;
  }
}

/** Every hour is enough: the rules count in days. */
export const FOLLOW_UP_EVERY_MS = 60 * 60_000;

async function followUpPlugin(app: FastifyInstance) {
  // One run at a time in this process; other processes are kept out by the scheduler's claim and the per-notice claims.
  app.decorate(
    'runFollowUp',
    oneAtATime(() => runFollowUp({ db: app.db, mailer: app.mailer, now: () => app.now(), publicUrl: app.config.PUBLIC_URL, log: app.log })),
  );
  app.scheduler.every('application-follow-up', { everyMs: FOLLOW_UP_EVERY_MS }, async () => {
    const result = await app.runFollowUp();
    if (result.reminded || result.closed || result.failed) app.log.info({ result }, 'application follow-up run');
  });
}

export default fp(followUpPlugin, { name: 'follow-up', dependencies: ['config', 'mail', 'scheduler'] });
