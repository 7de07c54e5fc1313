import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id';

describe('row ids', () => {
  it('are UUIDs that begin with the time they were made, so an index grows at its end', async () => {
    const ids = Array.from({ length: 1000 }, () => newRowId());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = newRowId();
    for (const id of [...ids, later]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const times = ids.map((id) => id.slice(0, 13));
    expect([...times].sort()).toEqual(times);
    expect(ids.every((id) => id < later)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
