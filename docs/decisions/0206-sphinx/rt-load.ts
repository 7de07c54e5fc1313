// Sphinx RT index: how fast jobs go in over SphinxQL, and what one job's change costs. Scratch; reads PG only.
// cd /work/main && nice -n 19 node --import tsx .scratch/sphinx/rt-load.ts [jobs]
import mysql from 'mysql2/promise';
import pg from 'pg';

const jobs = Number(process.argv[2] ?? 100000);
const BATCH = 1000;
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/jobwise_bench_search_1m' });
await client.connect();
const sphinx = await mysql.createConnection({ host: '127.0.0.1', port: 19306 });
await sphinx.query('TRUNCATE RTINDEX jobs_rt');
const { rows: top } = await client.query('select max(seq) as m from jobs');
const maxSeq = Number(top[0].m);
const COLUMNS = `1000000000 - seq as rid, id, title, company_name, description,
  'zz' || floor(latitude + 90)::int || 'q' || floor(longitude + 180)::int || ' st' || lower(state) || ' rm' || remote as tokens,
  featured, posted_at, pay_max_annual,
  case employment_type when 'full_time' then 1 when 'part_time' then 2 when 'contract' then 3 when 'temporary' then 4 when 'internship' then 5 else 0 end as employment_code,
  remote, ascii(substr(state, 1, 1)) * 256 + ascii(substr(state, 2, 1)) as state_code, radians(latitude) as lat_rad, radians(longitude) as lon_rad`;
const INSERT = 'REPLACE INTO jobs_rt (id, job_id, title, company_name, description, tokens, featured, posted_at, pay_max_annual, employment_code, remote, state_code, lat_rad, lon_rad) VALUES ';
const values = (r: Record<string, unknown>) =>
  sphinx.format('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [r.rid, r.id, r.title, r.company_name, r.description, r.tokens, r.featured, r.posted_at, r.pay_max_annual, r.employment_code, r.remote, r.state_code, r.lat_rad, r.lon_rad]);

let loaded = 0;
let readMs = 0;
let writeMs = 0;
const started = performance.now();
for (let from = maxSeq - jobs + 1; from <= maxSeq; from += BATCH) {
  let t = performance.now();
  const { rows } = await client.query(`select ${COLUMNS} from jobs where status = 'open' and seq between $1 and $2`, [from, from + BATCH - 1]);
  readMs += performance.now() - t;
  if (!rows.length) continue;
  t = performance.now();
  await sphinx.query(INSERT + rows.map(values).join(', '));
  writeMs += performance.now() - t;
  loaded += rows.length;
}
const total = performance.now() - started;
console.log(`RT load: ${loaded} open jobs of the newest ${jobs} seqs in ${(total / 1000).toFixed(1)} s (PG reads ${(readMs / 1000).toFixed(1)} s, Sphinx REPLACE ${(writeMs / 1000).toFixed(1)} s: ${Math.round(loaded / (writeMs / 1000))} jobs/s)`);

// One job changed (an edit, featured, a close): REPLACE of one row, UPDATE of an attribute, DELETE.
const { rows: one } = await client.query(`select ${COLUMNS} from jobs where status = 'open' and seq > $1 order by seq limit 60`, [maxSeq - 5000]);
const pct = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil(q * a.length) - 1)]!;
const timeEach = async (label: string, f: (r: Record<string, unknown>) => Promise<unknown>) => {
  const ms: number[] = [];
  for (const r of one) {
    const t = performance.now();
    await f(r);
    ms.push(performance.now() - t);
  }
  console.log(`${label}: p50 ${pct(ms, 0.5).toFixed(2)} ms, p95 ${pct(ms, 0.95).toFixed(2)} ms (${ms.length} jobs)`);
};
await timeEach('REPLACE one job', (r) => sphinx.query(INSERT + values(r)));
await timeEach('UPDATE featured', (r) => sphinx.query('UPDATE jobs_rt SET featured = 1 WHERE id = ?', [Number(r.rid)]));
await timeEach('DELETE one job (closed)', (r) => sphinx.query('DELETE FROM jobs_rt WHERE id = ?', [Number(r.rid)]));
const [status] = (await sphinx.query("SHOW INDEX jobs_rt STATUS")) as unknown as [Array<{ Variable_name: string; Value: string }>];
console.log(status.filter((s) => /indexed_documents|ram_bytes|disk_bytes|ram_chunk/.test(s.Variable_name)).map((s) => `${s.Variable_name}=${s.Value}`).join(' '));
await sphinx.end();
await client.end();
