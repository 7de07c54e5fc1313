import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { FollowUpMailJobSchema, runFollowUp, sendFollowUpMail, type FollowUpResult } from './follow-up-run';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Refreshes the response figures, reminds teams at 14 days, closes silent applications at 30 (decision
     * 0232), queuing their emails; then runs this instance's due follow-up-mail jobs (tests, scripts).
     */
    runFollowUp(): Promise<FollowUpResult & { sent: number; failed: number }>;
  }
}

/** Every hour is enough: the rules count in days. */
export const FOLLOW_UP_EVERY_MS = 60 * 60_000;

async function followUpPlugin(app: FastifyInstance) {
  // The emails go through the job queue (decision 0280): 9 tries, about two hours with a 30 s first wait.
  const queue = app.queue.defineMail({
    name: 'follow-up-mail',
    payload: FollowUpMailJobSchema,
    run: (job) => sendFollowUpMail({ db: app.db, mailer: app.mailer, listKey: app.config.UNSUBSCRIBE_LIST_KEY, now: () => app.now(), log: app.log }, job),
  });
  // One run at a time in this process; other processes are kept out by the scheduler's claim and the per-notice claims.
  const run = oneAtATime(() => runFollowUp({ db: app.db, queue, now: () => app.now(), publicUrl: app.config.PUBLIC_URL, log: app.log }));
  app.decorate('runFollowUp', async () => {
    const result = await run();
    const ran = await app.queue.runDue(queue.name);
    return { ...result, sent: ran.sent ?? 0, failed: ran.failed ?? 0 };
  });
  app.scheduler.every('application-follow-up', { everyMs: FOLLOW_UP_EVERY_MS }, async () => {
    const result = await run();
    if (result.reminded || result.closed) app.log.info({ result }, 'application follow-up run');
  });
}

export default fp(followUpPlugin, { name: 'follow-up', dependencies: ['config', 'mail', 'scheduler', 'queue'] });
