import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './connection';

describe('SQLite statement cache', () => {
  it('prepares a statement once and reuses it', () => {
    const cache = withStatementCache(new SQLite(':memory:'));
    expect(cache.prepare('select 1 as n')).toBe(cache.prepare('select 1 as n'));
    cache.close();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const cache = withStatementCache(new SQLite(':memory:'));
    const first = cache.prepare('select 1 as n union all select 2');
    const rows = first.iterate();
    rows.next();
    const second = cache.prepare('select 1 as n union all select 2');
    expect(second).not.toBe(first);
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(cache.prepare('select 1 as n union all select 2')).toBe(first);
    cache.close();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const cache = withStatementCache(new SQLite(':memory:'), 2);
    const a = cache.prepare('select 1');
    const b = cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(a);
    cache.prepare('select 3'); // drops 'select 2', the least recently used
    expect(cache.prepare('select 1')).toBe(a);
    expect(cache.prepare('select 2')).not.toBe(b);
    cache.close();
  });
});
