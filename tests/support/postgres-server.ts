// The PostgreSQL server the tests' databases live on: its addresses and statements run outside any of
// them. Used by the run's template (postgres-template.ts) and each worker's copies (test-database.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A copy of the run's template is named <template>_<random>. */
export const copyDatabaseName = (template: string) => `${template}_${randomBytes(4).toString('hex')}`;

/** The same server address with another database. */
export function databaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

/** Runs statements on the server's own connection (never inside the databases it makes or drops). */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
