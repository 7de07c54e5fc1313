import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oneAtATime } from '../../shared/one-at-a-time';
import { runAlertDigest, type DigestResult } from './alert-digest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due job alert once (the scheduled digest, and `npm run alerts:send`). */
    runAlertDigest(): Promise<DigestResult>;
  }
}

/** The job alert digest, run by the scheduler. */
async function seekerPlugin(app: FastifyInstance) {
  // One run at a time in this process; other processes are kept out by the per-alert claim.
  app.decorate(
    'runAlertDigest',
    oneAtATime(() =>
      runAlertDigest({ db: app.db, dialect: app.dialect, mailer: app.mailer, now: () => app.now(), publicUrl: app.config.PUBLIC_URL, secret: app.config.secrets.unsubscribeLinks.current, log: app.log }),
    ),
  );

  // Once per period across all instances (decision 0141); each alert is still claimed on its own (0072).
  const minutes = app.config.ALERT_DIGEST_INTERVAL_MINUTES;
  if (minutes > 0) {
    app.scheduler.every('alert-digest', { everyMs: minutes * 60_000 }, async () => {
      const result = await app.runAlertDigest();
      app.log.info({ result }, 'job alert digest run');
    });
  }
}

export default fp(seekerPlugin, { name: 'seeker', dependencies: ['config', 'mail', 'scheduler'] });
