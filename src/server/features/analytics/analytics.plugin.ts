import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { NewEventLogRow } from './event-log.table';
import { GroupCommit, QueueFullError } from './group-commit';
import { purgeEventLogBefore } from './event-log.repository';
import { purgeObservationsBefore, storeBatches, type BatchToStore, type StoreOutcome } from './observation.repository';
import { DAY_MS } from '../../../shared/time';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: {
      observations: GroupCommit<BatchToStore, StoreOutcome>;
      eventLog: GroupCommit<NewEventLogRow, void>;
      /** Runs the retention purge now (the scheduled job 'observation-purge' calls it every hour); returns rows deleted. */
      purgeExpiredObservations(): Promise<number>;
      /** The event log's retention purge (EVENT_LOG_RETENTION_DAYS), on the same schedule; returns rows deleted. */
      purgeExpiredEventLog(): Promise<number>;
    };
  }
}

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
// A group is written after at most this long, or at once when this many rows wait.
const FLUSH_DELAY_MS = 2;
const FLUSH_AT_ROWS = 2000;
const EVENT_LOG_ROWS_PER_INSERT = 1000;
/** What a queued row holds beside its text (ids, numbers, the object itself), roughly. */
const ROW_OVERHEAD_BYTES = 256;

/** Answers a full queue with 503 and Retry-After, so senders back off instead of the server growing. */
export function replyQueueFull(reply: FastifyReply) {
  const message = 'Too busy to store this now. Please retry shortly.';
  return reply.status(503).header('retry-after', '1').send({ status: 'UNAVAILABLE', error_message: message, error: message });
}

export { QueueFullError };

async function analyticsPlugin(app: FastifyInstance) {
  const limit = app.config.OBSERVATION_QUEUE_LIMIT;
  const observations = new GroupCommit<BatchToStore, StoreOutcome>({
    db: app.db,
    write: (trx, batches) => storeBatches(trx, batches, app.dialect),
    weight: (batch) => Math.max(1, batch.messages.length),
    bytes: (batch) => batch.messages.reduce((sum, message) => sum + ROW_OVERHEAD_BYTES + message.payload.length, 0),
    maxQueued: limit,
    maxQueuedBytes: app.config.INGEST_QUEUE_MAX_BYTES,
    flushAt: FLUSH_AT_ROWS,
    maxDelayMs: FLUSH_DELAY_MS,
  });
  const eventLog = new GroupCommit<NewEventLogRow, void>({
    db: app.db,
    async write(trx, rows) {
      for (let start = 0; start < rows.length; start += EVENT_LOG_ROWS_PER_INSERT) {
        await trx.insertInto('event_log').values(rows.slice(start, start + EVENT_LOG_ROWS_PER_INSERT)).execute();
      }
      return rows.map(() => undefined);
    },
    weight: () => 1,
    bytes: (row) => ROW_OVERHEAD_BYTES + row.properties.length + row.path.length + row.event_type.length,
    maxQueued: limit,
    maxQueuedBytes: app.config.INGEST_QUEUE_MAX_BYTES,
    flushAt: FLUSH_AT_ROWS,
    maxDelayMs: FLUSH_DELAY_MS,
  });

  const purgeExpiredObservations = () =>
    purgeObservationsBefore(app.db, app.now() - app.config.OBSERVATION_RETENTION_DAYS * DAY_MS);
  const purgeExpiredEventLog = () => purgeEventLogBefore(app.db, app.now() - app.config.EVENT_LOG_RETENTION_DAYS * DAY_MS);

  app.decorate('analytics', { observations, eventLog, purgeExpiredObservations, purgeExpiredEventLog });

  // Once an hour across all instances (decision 0141).
  app.scheduler.every('observation-purge', { everyMs: RETENTION_INTERVAL_MS }, async () => {
    const deleted = await purgeExpiredObservations();
    if (deleted > 0) app.log.info({ deleted }, 'observation retention purge');
  });
  app.scheduler.every('event-log-purge', { everyMs: RETENTION_INTERVAL_MS }, async () => {
    const deleted = await purgeExpiredEventLog();
    if (deleted > 0) app.log.info({ deleted }, 'event log retention purge');
  });

  // preClose, because the database closes in an onClose hook that may run first. A request that reaches
  // the queue after this gets 503 and its sender retries with the same batch id.
  app.addHook('preClose', async () => {
    await Promise.all([observations.close(), eventLog.close()]);
  });
}

export default fp(analyticsPlugin, { name: 'analytics', dependencies: ['config', 'scheduler'] });
