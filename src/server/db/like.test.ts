import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection';
import { containsPattern, containsText } from './like';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

describe('containsText', () => {
  it('escapes the pattern characters and its own escape', () => {
    expect(containsPattern('50%_Off!')).toBe('%50!%!_off!!%');
  });

  it('matches % and _ as themselves and ignores case, on this run\'s database', async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'sqlite::memory:';
    const handle = connectDatabase(url);
    handles.push(handle);
    const matches = async (value: string, text: string) => {
      const { rows } = await sql<{ hit: number }>`select case when ${containsText(sql.val(value), text)} then 1 else 0 end as hit`.execute(handle.db);
      return Number(rows[0]?.hit) === 1;
    };
    expect(await matches('Save 50% now', '50%')).toBe(true);
    expect(await matches('Save 500 now', '50%')).toBe(false);
    expect(await matches('a_b', 'A_B')).toBe(true);
    expect(await matches('axb', 'a_b')).toBe(false);
    expect(await matches('Yes!', 'yes!')).toBe(true);
  });
});
