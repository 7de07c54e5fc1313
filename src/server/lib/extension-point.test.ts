import { describe, expect, it } from 'vitest';
import { extensionPoint } from './extension-point';

interface Needs {
  hasThing(id: string): boolean;
  count(): number;
}

describe('extensionPoint', () => {
  it('hands each filled part to its reader', () => {
    const point = extensionPoint<Needs>('low', ['hasThing', 'count']);
    point.fill({ hasThing: (id) => id === 'a' });
    point.fill({ count: () => 3 });
    point.check();
    expect(point.parts.hasThing('a')).toBe(true);
    expect(point.parts.count()).toBe(3);
  });

  it('stops at ready while a part is unfilled', () => {
    const point = extensionPoint<Needs>('low', ['hasThing', 'count']);
    point.fill({ count: () => 1 });
    expect(() => point.check()).toThrow('low: no plugin filled hasThing');
  });

  it('refuses a part filled twice, or one it does not name', () => {
    const point = extensionPoint<Needs>('low', ['hasThing', 'count']);
    point.fill({ count: () => 1 });
    expect(() => point.fill({ count: () => 2 })).toThrow('count is filled twice');
    expect(() => point.fill({ other: () => 0 } as Partial<Needs>)).toThrow('low has no extension named other');
  });
});
