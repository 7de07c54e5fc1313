import type { Kysely } from 'kysely';
import type { EventLogTable } from '../features/analytics/event-log.table';
import type { ObservationBatchTable, ObservationTable } from '../features/analytics/observation.table';

/**
 * Every table the application knows, by name. Each feature declares its own table types in a
 * `*.table.ts` beside its code and adds them here.
 *
 * Conventions that keep one set of queries working on SQLite and PostgreSQL:
 * - ids are text, made by the application;
 * - times are integer milliseconds since the epoch (PostgreSQL bigint, parsed to number);
 * - booleans are integers 0 or 1.
 */
export interface Database {
  event_log: EventLogTable;
  observation: ObservationTable;
  observation_batch: ObservationBatchTable;
}

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
