// Statements of the hot paths (sign-in, sessions, rate limits, the mailbox), built and compiled by Kysely once
// per database and then run with each call's values (decision 0195). Building a query anew costs more than
// running it on SQLite: the sign-up round trip spent 15% of its server time in Kysely's builders.
import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database';

/** Where a call's value goes in a statement compiled once. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  parameters: readonly unknown[];
}

/**
 * A statement compiled the first time it runs on a database, then run with each call's values in place of
 * `params`. `build` must use `params` only as values (in `where`, `values`, `set`, `sql` templates): it
 * must not look at them (no branches, no arrays, no arithmetic), since it sees placeholders, once. Values
 * left undefined are bound as null.
 */
export function compiledOnce<P extends Record<string, unknown>, R>(build: (db: Db, params: P) => Compilable<R>): (db: Db, params: P) => Promise<QueryResult<R>> {
  const templates = new WeakMap<Db, Template>();
  return (db, params) => {
    let template = templates.get(db);
    if (!template) {
      const slots = new Proxy({} as P, { get: (_target, name) => new Slot(String(name)) });
      const compiled = build(db, slots).compile();
      template = { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
      templates.set(db, template);
    }
    const parameters = template.parameters.map((value) => (value instanceof Slot ? (params[value.name] ?? null) : value));
    return db.executeQuery<R>({ sql: template.sql, query: template.query, parameters, queryId: createQueryId() });
  };
}

/** The first row, as Kysely's executeTakeFirst answers it. */
export function firstRow<R>(result: QueryResult<R>): R | undefined {
  return result.rows[0];
}

/** Rows inserted, updated or deleted, as a number. */
export function affectedRows(result: QueryResult<unknown>): number {
  return Number(result.numAffectedRows ?? 0);
}
