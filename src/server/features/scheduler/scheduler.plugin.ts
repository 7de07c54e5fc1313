import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runIfDue, type RunOutcome, type ScheduledJob, type ScheduledJobOptions } from './scheduler';

export interface Scheduler {
  /**
   * Registers a job that runs once per period across every instance sharing the database
   * (decision 0141). Call it while the app is being built (in your feature's plugin).
   */
  every(name: string, options: ScheduledJobOptions, run: () => Promise<unknown>): void;
  /** Runs each due job once if this instance wins its claim: what the timer calls, and tests with their clock. */
  runDue(): Promise<Record<string, RunOutcome>>;
  readonly jobs: ReadonlyMap<string, ScheduledJob>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

const DEFAULT_LEASE_MS = 15 * 60_000;

async function schedulerPlugin(app: FastifyInstance) {
  const jobs = new Map<string, ScheduledJob>();
  // One pass at a time in this process; other processes are kept out by the claims.
  let pass: Promise<Record<string, RunOutcome>> | null = null;

  const runDue = () => {
    pass ??= (async () => {
      const outcomes: Record<string, RunOutcome> = {};
      for (const job of jobs.values()) {
        try {
          outcomes[job.name] = await runIfDue(app.db, job, () => app.now());
          if (outcomes[job.name] === 'ran') app.log.info({ job: job.name }, 'scheduled job ran');
        } catch (error) {
          outcomes[job.name] = 'failed';
          app.log.error({ err: error, job: job.name }, 'scheduled job failed');
        }
      }
      return outcomes;
    })().finally(() => {
      pass = null;
    });
    return pass;
  };

  app.decorate('scheduler', {
    every(name, options, run) {
      if (jobs.has(name)) throw new Error(`scheduled job ${name} is registered twice`);
      if (!/^[a-z0-9-]{1,60}$/.test(name)) throw new Error('a scheduled job name is lowercase words joined by dashes');
      jobs.set(name, { name, everyMs: options.everyMs, leaseMs: options.leaseMs ?? Math.min(DEFAULT_LEASE_MS, options.everyMs), run });
    },
    runDue,
    jobs,
  });

  const tickMs = app.config.SCHEDULER_TICK_SECONDS * 1000;
  if (tickMs > 0 && app.config.NODE_ENV !== 'test') {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void runDue(), tickMs);
      timer.unref();
    });
    // preClose: the database closes in an onClose hook, and a run in progress must finish before it.
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await pass?.catch(() => undefined);
    });
  }
}

export default fp(schedulerPlugin, { name: 'scheduler', dependencies: ['config'] });
