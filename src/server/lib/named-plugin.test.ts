import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { named } from './named-plugin';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

describe('named', () => {
  it("gives a plugin its function's name, or the one passed, where Fastify reads it", async () => {
    async function jobAlerts() {}
    expect((named(jobAlerts) as unknown as Record<symbol, string>)[DISPLAY_NAME]).toBe('jobAlerts');
    const upload = named(async () => {}, 'résumé upload');
    expect((upload as unknown as Record<symbol, string>)[DISPLAY_NAME]).toBe('résumé upload');
    // Fastify's own message names it: an async plugin that also takes a callback is refused by name.
    const app = Fastify();
    const broken = named(async (_instance: unknown, _options: unknown, _done: unknown) => {}, 'broken upload');
    await expect(app.register(broken as never)).rejects.toThrow(/broken upload/);
  });

  it('refuses an anonymous plugin without a name', () => {
    expect(() => named((() => async () => {})())).toThrow(/needs a name/);
  });
});
