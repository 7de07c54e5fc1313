import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FindMeProps } from '../../../shared/resume-database/page-props';
import type { Db } from '../../db/database';
import { extensionPoint } from '../../lib/extension-point';
import { oneAtATime } from '../../shared/one-at-a-time';
import { AlertMailJobSchema, queueAlertDigest, sendAlertMail } from './alert-digest';

/** What one run did: digests queued and empty, then the alert-mail jobs this instance ran. */
export interface DigestResult {
  sent: number;
  empty: number;
  failed: number;
}

/**
 * What features above seeker add to its pages and saves (decision 0314): each fills its part from its
 * own plugin, since seeker may not import them (decision 0145).
 */
export interface SeekerExtensions {
  /** Whether the person has recorded a spotlight, for their home page: the spotlight feature. */
  hasSpotlight(db: Db, accountId: string): Promise<boolean>;
  /** The "Let employers find me" section of /candidate/about: the résumé database. */
  findMeProps(db: Db, accountId: string, query: unknown): Promise<FindMeProps>;
  /** Told after the person saved their profile, a section, or applied: the résumé database refreshes their searchable row. */
  profileChanged(db: Db, accountId: string, now: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Called by a higher feature's plugin while it registers. */
    extendSeeker(parts: Partial<SeekerExtensions>): void;
    /** Read by the seeker routes at request time. */
    seekerExtensions: SeekerExtensions;
    /** Queues every due job alert once, then runs this instance's due alert-mail jobs (tests, `npm run alerts:send`). */
    runAlertDigest(): Promise<DigestResult>;
  }
}


/** The job alert digest: the scheduler queues the due ones, the job queue sends them (decision 0280). */
async function seekerPlugin(app: FastifyInstance) {
  const point = extensionPoint<SeekerExtensions>('seeker', ['hasSpotlight', 'findMeProps', 'profileChanged']);
  app.decorate('extendSeeker', (parts: Partial<SeekerExtensions>) => point.fill(parts));
  app.decorate('seekerExtensions', point.parts);
  app.addHook('onReady', async () => point.check());

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
