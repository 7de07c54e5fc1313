import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id';

describe('row ids', () => {
  it('are UUIDs that sort in the order they were made, so an index grows at its end', () => {
    const ids = Array.from({ length: 1000 }, () => newRowId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
