// The feed bench's child (bench/feed.ts): in a process of its own, so its peak memory is the feed's.
// `node --import tsx bench/feed-writer.ts DATABASE_URL [--write]` prints one JSON line: jobs, bytes,
// seconds, the RSS once connected, and the process's peak RSS (maxRSS).
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { connectDatabase } from '../src/server/db/connection';
import { aggregatorFeed } from '../src/server/features/open-data/aggregator-feed';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: bench/feed-writer.ts DATABASE_URL [--write]');
const handle = connectDatabase(databaseUrl);
await handle.db.selectFrom('jobs').select('id').limit(1).execute();
const connectedRss = process.memoryUsage().rss;
let bytes = 0;
let jobs = 0;
const started = performance.now();
if (process.argv.includes('--write')) {
  await pipeline(
    aggregatorFeed(handle.db, 'https://jobwise.example', Date.now()),
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        const text = String(chunk);
        bytes += Buffer.byteLength(text);
        jobs += text.split('<job>').length - 1;
        done();
      },
    }),
  );
}
const seconds = (performance.now() - started) / 1000;
await handle.close();
console.log(JSON.stringify({ jobs, bytes, seconds, connectedRss, maxRss: process.resourceUsage().maxRSS * 1024 }));
