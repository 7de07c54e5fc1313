import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAlertDigest, type DigestResult } from './alert-digest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due job alert once (the scheduled digest, and `npm run alerts:send`). */
    runAlertDigest(): Promise<DigestResult>;
  }
}

/** The job alert digest: an interval started with the app and stopped on close. */
async function seekerPlugin(app: FastifyInstance) {
  let running: Promise<DigestResult> | null = null;
  app.decorate('runAlertDigest', () => {
    // One run at a time in this process; other processes are kept out by the per-alert claim.
    running ??= runAlertDigest({
      db: app.db,
      dialect: app.dialect,
      mailer: app.mailer,
      now: () => app.now(),
      publicUrl: app.config.PUBLIC_URL,
      secret: app.config.SESSION_SECRET,
      log: app.log,
    }).finally(() => {
      running = null;
    });
    return running;
  });

  const minutes = app.config.ALERT_DIGEST_INTERVAL_MINUTES;
  if (minutes > 0 && app.config.NODE_ENV !== 'test') {
    const timer = setInterval(() => {
      app.runAlertDigest().then(
        (result) => app.log.info({ result }, 'job alert digest run'),
        (error: unknown) => app.log.error({ err: error }, 'job alert digest failed'),
      );
    }, minutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  }
}

export default fp(seekerPlugin, { name: 'seeker', dependencies: ['config', 'mail'] });
