/**
 * What a seed dropped and must make again, from the drop to the end of its load (migration 0057): a
 * seed killed in between is mended by the next one (restoreInterruptedSeed in tools/seed/jobs.ts). The
 * table belongs to the schema (migration 0057); only the demo seed fills it (decision 0253).
 */
export interface SeedRestoreTable {
  /** The index's or trigger's name ('jobs_fts' for the full-text entries). */
  name: string;
  /** 'index' | 'trigger' | 'full-text' */
  kind: string;
  /** The statement the catalogue held for it ('' for the full-text entries, filled from the open jobs). */
  definition: string;
}
