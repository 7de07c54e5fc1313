import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSearchRanges, newestSearchRanges, SEARCH_RANGE_SEQS, SEARCH_RANGES_PER_QUERY, searchRangeIndexSql, searchRangesKept, wordsAndTokens } from '../../src/server/features/jobs/search-ranges';
import { searchEveryMatch, searchWithoutWindows } from '../support/search-oracle';
import { searchJobs } from '../../src/server/features/jobs/search.repository';
import { SEQ_BUCKET } from '../../src/server/features/jobs/search-tokens';
import { seedJobs } from '../../src/server/features/jobs/seed';
import { StatementRecorder } from '../support/statement-recorder';
import { insertJob, NO_CRITERIA } from '../support/jobs-fixtures';
import { testDialect } from '../support/test-database';
import { parseLocation } from '../../src/server/features/jobs/places';
import { createTestApp, type TestApp } from '../support/test-app';
import * as migration0058 from '../../src/server/db/migrations/0058-search-tokens-column';
import { migrateToLatest } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';

// Decision 0205: PostgreSQL's full-text index cut by seq into ranges, one partial GIN index each; a
// text search without a radius asks the newest ranges first.
const R = SEARCH_RANGE_SEQS;

describe('the search ranges with an index', () => {
  it('are those a search can ask and the one after the largest seq\'s', () => {
    expect(searchRangesKept(0)).toEqual([0, 1]);
    expect(searchRangesKept(R - 1)).toEqual([0, 1]);
    expect(searchRangesKept(2 * R)).toEqual([0, 1, 2, 3]);
    const last = 7;
    expect(searchRangesKept(last * R + 5)).toEqual([...Array.from({ length: SEARCH_RANGES_PER_QUERY }, (_, i) => last - SEARCH_RANGES_PER_QUERY + 1 + i), last + 1]);
    // Every range a search asks has one.
    for (const maxSeq of [0, 5, R, 3 * R + 1, 10 * R]) {
      for (const range of newestSearchRanges(maxSeq).ranges) expect(searchRangesKept(maxSeq)).toContain(range.from / R);
    }
  });
});

describe('the newest search ranges', () => {
  it('are those of the largest seq and below, at most a statement\'s worth, and say when they are all', () => {
    expect(newestSearchRanges(5)).toEqual({ ranges: [{ from: 0, to: R }], coversAll: true });
    expect(newestSearchRanges(2 * R + 1)).toEqual({ ranges: [2, 1, 0].map((k) => ({ from: k * R, to: (k + 1) * R })), coversAll: SEARCH_RANGES_PER_QUERY >= 3 });
    const far = newestSearchRanges(10 * R);
    expect(far.ranges[0]).toEqual({ from: 10 * R, to: 11 * R });
    expect(far.ranges).toHaveLength(SEARCH_RANGES_PER_QUERY);
    expect(far.coversAll).toBe(false);
  });
});

describe.runIf(testDialect() === 'postgres')('search ranges on PostgreSQL', () => {
  let t: TestApp;
  const indexes = async () =>
    (
      await sql<{ name: string; valid: boolean }>`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname like 'jobs\\_search\\_range\\_%' order by c.relname`.execute(t.app.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('are built by the migration for the jobs there are and one range ahead, and again as seqs grow; older ones are dropped', async () => {
    expect(await indexes()).toEqual([
      { name: 'jobs_search_range_0', valid: true },
      { name: 'jobs_search_range_1', valid: true },
    ]);
    await insertJob(t.app.db, t.clock.now(), { title: 'Tower Crane Operator', seq: 2 * R + 7 });
    expect(await ensureSearchRanges(t.app.db, { concurrently: true })).toEqual({ built: [2, 3], dropped: [] });
    expect(await ensureSearchRanges(t.app.db, { concurrently: true })).toEqual({ built: [], dropped: [] });
    expect((await indexes()).map((index) => index.name)).toEqual([0, 1, 2, 3].map((k) => `jobs_search_range_${k}`));
    // One a failed concurrent build left invalid is built again.
    await sql`update pg_index set indisvalid = false where indexrelid = to_regclass('jobs_search_range_3')`.execute(t.app.db);
    expect(await ensureSearchRanges(t.app.db, { concurrently: false })).toEqual({ built: [3], dropped: [] });
    expect((await indexes()).every((index) => index.valid)).toBe(true);
    // Postings reach the fifth range: a search asks the three newest (4, 3, 2), so 0 and 1 go (decision 0214).
    const posting = await insertJob(t.app.db, t.clock.now(), { title: 'Tower Crane Operator', seq: 4 * R + 7 });
    expect(await ensureSearchRanges(t.app.db, { concurrently: true })).toEqual({ built: [4, 5], dropped: [0, 1] });
    expect((await indexes()).map((index) => index.name)).toEqual([2, 3, 4, 5].map((k) => `jobs_search_range_${k}`));
    expect(newestSearchRanges(4 * R + 7).ranges.map((range) => range.from / R)).toEqual([4, 3, 2]);
    // As the ranges were before, for the tests after this one.
    await sql`delete from jobs where id = ${posting.id}`.execute(t.app.db);
    await sql`drop index jobs_search_range_4`.execute(t.app.db);
    await sql`drop index jobs_search_range_5`.execute(t.app.db);
    await sql.raw(searchRangeIndexSql(0, { concurrently: false })).execute(t.app.db);
    await sql.raw(searchRangeIndexSql(1, { concurrently: false })).execute(t.app.db);
  });

  it('are dropped and built again by the seed, beside its other indexes', async () => {
    const before = await indexes();
    const seeded = await seedJobs(t.app.db, t.app.dialect, { jobs: 40, now: t.clock.now() });
    expect(seeded.jobs).toBe(40);
    expect(await indexes()).toEqual(before);
  }, 60_000);

  it('give the pages of ranking every match, whether the ranges hold every job or the search goes on past them', async () => {
    const now = t.clock.now();
    // Welders in the first range, in the third, and (later) in the fifth.
    const welders = async (firstSeq: number) => {
      for (let i = 0; i < 12; i += 1) {
        await insertJob(t.app.db, now, {
          title: i % 3 === 0 ? 'Welder Helper' : 'Pipe Welder',
          seq: firstSeq + i * 97,
          employment_type: i % 2 ? 'part_time' : 'full_time',
          pay_max_annual: 30_000 + i * 4_000,
          ageDays: (i * 5) % 20,
        });
      }
    };
    await welders(100);
    await welders(2 * R + 100);
    const searches = [
      { ...NO_CRITERIA, search: 'welder' },
      { ...NO_CRITERIA, search: 'pipe welder', sort: 'date' as const },
      { ...NO_CRITERIA, search: 'welder', employmentType: 'full_time' as const, minPay: 40_000 },
      { ...NO_CRITERIA, search: 'welder', postedWithin: 7 as const },
      { ...NO_CRITERIA, search: 'astronaut' },
    ];
    // The statements of each search, after checking its page against ranking every match.
    const compare = async () => {
      const asked: string[][] = [];
      for (const criteria of searches) {
        const recorder = new StatementRecorder();
        const params = { criteria, place: null, now: t.clock.now() };
        const result = await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params);
        expect(result, criteria.search).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
        asked.push(recorder.statements);
      }
      return asked;
    };
    // The ranges' statement: a branch per range, the newest (the third, holding every seq) first.
    const askedRanges = (statements: string[]) => statements.some((text) => text.includes(' union all ') && text.includes(`"value":${2 * R}`));
    // With filters that are tokens (no window first) the ranges are asked; for words alone (a posting
    // age is no token) the two newest blocks are asked first, and here their rate of matches (12
    // welders in 17,000 seqs) promises too few candidates in the ranges, so the search goes straight
    // on to every match.
    expect((await compare()).map(askedRanges)).toEqual([false, false, true, false, false]);
    // Sixty more welders (no pipe welders) among the newest seqs: the window still holds too few
    // candidates, but its rate now promises enough in the ranges, and "welder" alone asks them too.
    for (let i = 0; i < 60; i += 1) await insertJob(t.app.db, now, { title: 'Welder', seq: 2 * R + 2_000 + i * 7, ageDays: i % 9 });
    const statements = await compare();
    expect(statements.map(askedRanges)).toEqual([true, false, true, true, false]);
    // The ranges' candidates carry their row's address as they are listed, not its vector (900 bytes
    // a row through every sort), and only those the prescore keeps are ranked, each vector read from
    // its row after the listing (decision 0191 amended twice, 0217); so does a listing that can read
    // every match (no windows).
    const rangesStatement = statements[0]!.find((text) => askedRanges([text]))!;
    expect(rangesStatement).not.toContain('as search_vector');
    expect(rangesStatement.slice(0, rangesStatement.indexOf('candidates as'))).not.toContain('ts_rank_cd');
    expect(rangesStatement).toContain('t.ctid = c.tid');
    const recorder = new StatementRecorder();
    const params = { criteria: { ...NO_CRITERIA, search: 'welder' }, place: null, now: t.clock.now() };
    expect(await searchWithoutWindows(t.app.db.withPlugin(recorder), t.app.dialect, params)).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
    expect(recorder.statements.some((text) => text.includes('t.ctid = c.tid'))).toBe(true);
    expect(recorder.statements.some((text) => text.includes('as search_vector'))).toBe(false);
    // A job in the fifth range: the three newest ranges hold too few candidates, and the search goes
    // on to every match.
    await welders(4 * R + 100);
    expect((await compare()).flat()).not.toEqual([]);
  }, 60_000);

  it('ask the second range by its newest seq block first, then its other blocks, and give the pages of ranking every match (decision 0219)', async () => {
    // A database of its own whose jobs all lie in the three ranges a search asks, so the ranges'
    // answer is the one returned (with older jobs beyond them, a search with too few candidates goes
    // on to every match, and a block the ranges left out would go unseen).
    const u = await createTestApp();
    try {
      const now = u.clock.now();
      const B = SEQ_BUCKET;
      const welder = (seq: number, i: number) =>
        insertJob(u.app.db, now, { title: i % 2 ? 'Pipe Welder' : 'Welder', seq, pay_max_annual: 35_000 + i * 6_000, ageDays: (i * 3) % 20 });
      const seqs = [
        // The newest range, then the second range's newest block, then its older blocks, then the oldest range.
        ...[100, 900, 5_000].map((offset) => 2 * R + offset),
        ...[50, 700, B - 10].map((offset) => 2 * R - offset),
        ...[B + 3, 3 * B + 11, 5 * B, 7 * B + 1].map((offset) => R + offset),
        ...[10, 4 * B].map((offset) => offset),
      ];
      for (const [i, seq] of seqs.entries()) await welder(seq, i);
      expect(newestSearchRanges(Math.max(...seqs))).toEqual({ ranges: [2, 1, 0].map((k) => ({ from: k * R, to: (k + 1) * R })), coversAll: true });
      // Filters that are tokens ask the ranges at once (no window of the newest blocks first).
      for (const criteria of [
        { ...NO_CRITERIA, search: 'welder', employmentType: 'full_time' as const },
        { ...NO_CRITERIA, search: 'welder', minPay: 40_000 },
        { ...NO_CRITERIA, search: 'pipe welder', employmentType: 'full_time' as const, sort: 'date' as const },
      ]) {
        const recorder = new StatementRecorder();
        const params = { criteria, place: null, now };
        const result = await searchJobs(u.app.db.withPlugin(recorder), u.app.dialect, params);
        expect(result, criteria.search).toEqual(await searchEveryMatch(u.app.db, u.app.dialect, params));
        expect(result.total).toBeGreaterThan(0);
        const ranges = recorder.statements.find((text) => text.includes(' union all '));
        expect(ranges, criteria.search).toBeDefined();
        // The second range (R to 2R) by its newest block, then by its seven others.
        const second = Array.from({ length: R / B }, (_, i) => `zzq${2 * R / B - 1 - i}`);
        expect(ranges).toContain(`"value":"${second[0]}"`);
        expect(ranges).toContain(`"value":"${second.slice(1).join(' | ')}"`);
      }
      // Every welder is found, each once: the blocks cover the second range without a gap or an overlap.
      const all = await searchJobs(u.app.db, u.app.dialect, { criteria: { ...NO_CRITERIA, search: 'welder', employmentType: 'full_time' as const, sort: 'date' }, place: null, now });
      expect(all.total).toBe(seqs.length);
    } finally {
      await u.close();
    }
  }, 60_000);

  it('skip the newest window for words the statistics say cannot fill it, and give the same pages', async () => {
    const now = t.clock.now();
    const maxSeq = Number((await sql<{ seq: string }>`select max(seq) as seq from jobs`.execute(t.app.db)).rows[0]!.seq);
    for (let i = 0; i < 3; i += 1) await insertJob(t.app.db, now, { title: 'Millwright', seq: maxSeq + 10 + i, ageDays: i });
    // ANALYZE lists the lexemes of a table this small, each with its share of the jobs.
    await sql`analyze jobs`.execute(t.app.db);
    const statements = async (search: string) => {
      const recorder = new StatementRecorder();
      const params = { criteria: { ...NO_CRITERIA, search }, place: null, now: t.clock.now() };
      expect(await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params)).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
      return recorder.statements;
    };
    // The window's statement names seq blocks; so does the ranges' one since decision 0219 (its second range's).
    const window = (texts: string[]) => texts.some((text) => /zzq\d+/.test(text) && !text.includes(' union all '));
    const ranges = (texts: string[]) => texts.some((text) => text.includes(' union all '));
    // Three millwrights in some 150 jobs: at most 2% of the window's 16,000-odd seqs, fewer than the
    // candidates, so the window is not asked; 2% of the ranges' seqs could be, so they are.
    const millwright = await statements('millwright');
    expect([window(millwright), ranges(millwright)]).toEqual([false, true]);
    // A word the statistics do not list: the window is asked, and its rate (none) skips the ranges.
    const astronaut = await statements('astronaut');
    expect([window(astronaut), ranges(astronaut)]).toEqual([true, false]);
    // A word in most of the jobs could fill the window: it is asked.
    expect(window(await statements('welder'))).toBe(true);
  }, 60_000);

  it('keep statistics on the very expression that the whole-table index, the ranges and every text search spell (decision 0210)', async () => {
    const { rows } = await sql<{ statistics: string[]; index: string }>`select
        (select pg_get_statisticsobjdef_expressions(s.oid) from pg_statistic_ext s where s.stxname = 'jobs_words_and_tokens') as statistics,
        pg_get_indexdef(to_regclass('jobs_search_tokens_open'), 1, true) as index`.execute(t.app.db);
    // The index and the statistics print the expression alike; the searches' spelling is wordsAndTokens(null).
    expect(rows[0]?.statistics).toEqual([rows[0]?.index]);
    expect(rows[0]?.index).toBe(wordsAndTokens(null));
    // The words' own index is gone: every text search asks the expression.
    expect((await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'jobs_search_vector_open'`.execute(t.app.db)).rows[0]?.n).toBe(0);
    // Two stored columns, no function: the planner reads the statistics' expression (and inlined a
    // function in it) for every reference to jobs it plans (decision 0216).
    expect(wordsAndTokens(null)).toBe('(search_vector || search_tokens)');
  });

  it('move from the function of the columns to the stored tokens column with migration 0058, ranges, statistics and an interrupted seed\'s record too, and the rewritten table is vacuumed (decision 0216)', async () => {
    await ensureSearchRanges(t.app.db, { concurrently: false });
    const definitions = async () =>
      (await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'jobs' and (indexname = 'jobs_search_tokens_open' or indexname like 'jobs\\_search\\_range\\_%') order by indexname`.execute(t.app.db)).rows;
    const before = await definitions();
    expect(before.map((row) => row.name)).toContain('jobs_search_tokens_open');
    expect(before.length).toBeGreaterThan(1);
    // Every migration after 0058 undone first, newest first, as a database that stopped at 0058 was.
    for (const name of Object.keys(migrations).filter((key) => key > '0058-search-tokens-column').sort().reverse()) {
      await migrations[name]!.down!(t.app.db as unknown as Kysely<unknown>);
    }
    await migration0058.down(t.app.db as unknown as Kysely<unknown>);
    // As a database was before 0058: every index and the statistics on the function, a seed's record too.
    const old = await definitions();
    for (const row of old) expect(row.definition, row.name).toContain('search_vector || jobs_search_tokens(latitude, longitude, employment_type, category, state, remote, pay_max_annual, seq)');
    await sql`insert into seed_restore (name, kind, definition) values ('jobs_search_range_0', 'index', ${old[0]!.definition})`.execute(t.app.db);
    // 0059 and every one after it are applied again too: a migration must not run before one already applied.
    await sql`delete from kysely_migration where name >= '0058-search-tokens-column'`.execute(t.app.db);
    await sql`vacuum jobs`.execute(t.app.db);
    const visible = async () => (await sql<{ pages: number }>`select relallvisible as pages from pg_class where oid = to_regclass('jobs')`.execute(t.app.db)).rows[0]?.pages;
    expect(await visible()).toBeGreaterThan(0);
    const applied = await migrateToLatest(t.app.db);
    expect(applied.results?.map((migration) => migration.migrationName).slice(0, 2)).toEqual(['0058-search-tokens-column', '0059-search-vectors-in-row']);
    expect(await definitions()).toEqual(before);
    // The rewritten table is vacuumed after the migration: its index-only scans need no table pages.
    expect(await visible()).toBeGreaterThan(0);
    expect((await sql<{ definition: string }>`select definition from seed_restore`.execute(t.app.db)).rows).toEqual([{ definition: before[0]!.definition }]);
    await sql`delete from seed_restore`.execute(t.app.db);
    // The column holds the function's tokens for every job, and the searches give the pages of ranking every match.
    const differ = await sql<{ n: number }>`select count(*)::int as n from jobs
      where search_tokens is distinct from jobs_search_tokens(latitude, longitude, employment_type, category, state, remote, pay_max_annual, seq)`.execute(t.app.db);
    expect(differ.rows[0]?.n).toBe(0);
    const params = { criteria: { ...NO_CRITERIA, search: 'welder' }, place: null, now: t.clock.now() };
    const result = await searchJobs(t.app.db, t.app.dialect, params);
    expect(result.total).toBeGreaterThan(0);
    expect(result).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
  }, 120_000);

  it('are asked by words within a radius too wide for the place\'s newest blocks, not where those blocks\' rate of matches says they cannot hold the candidates', async () => {
    const location = parseLocation('Austin, TX');
    if (location.status !== 'found') throw new Error('Austin, TX is in the gazetteer');
    const search = async (radius: 25 | 100) => {
      const recorder = new StatementRecorder();
      const params = { criteria: { ...NO_CRITERIA, search: 'welder', location: 'Austin, TX', radius }, place: location.place, now: t.clock.now() };
      const result = await searchJobs(t.app.db.withPlugin(recorder), t.app.dialect, params);
      expect(result.total).toBeGreaterThan(0);
      expect(result).toEqual(await searchEveryMatch(t.app.db, t.app.dialect, params));
      return recorder.statements.some((text) => text.includes(' union all '));
    };
    // 25 miles: the place's newest blocks found few welders, too few for the ranges to hold 1,200.
    expect(await search(25)).toBe(false);
    // 100 miles: too many cells for the blocks' tokens, so no rate: the ranges are asked.
    expect(await search(100)).toBe(true);
  });

  // Last in this file: it moves the largest seq past the ranges the tests above use.
  it('are built by the seed for the ranges a search asks only (decision 0214)', async () => {
    await insertJob(t.app.db, t.clock.now(), { title: 'Tower Crane Operator', seq: 5 * R + 7 });
    // The seed above left its companies: replaced, its rows come after the largest seq.
    await seedJobs(t.app.db, t.app.dialect, { jobs: 40, now: t.clock.now(), replace: true });
    const maxSeq = Number((await sql<{ seq: string }>`select max(seq) as seq from jobs`.execute(t.app.db)).rows[0]!.seq);
    expect(searchRangesKept(maxSeq)).toEqual([3, 4, 5, 6]);
    expect((await indexes()).map((index) => index.name)).toEqual([3, 4, 5, 6].map((k) => `jobs_search_range_${k}`));
  }, 60_000);
});
