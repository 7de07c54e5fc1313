const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Names a Fastify plugin for Fastify's own messages and plugin tree. Fastify looks an unnamed plugin's
 * name up by comparing it with the exports of every loaded CommonJS module, at each registration; a
 * named one skips that search. An anonymous plugin must be given a name.
 */
export function named<Plugin extends (...args: never[]) => unknown>(plugin: Plugin, name: string = plugin.name): Plugin {
  if (!name) throw new Error('A plugin needs a name: give one, or register a named function');
  const target = plugin as Plugin & { [DISPLAY_NAME]?: string };
  target[DISPLAY_NAME] ??= name;
  return plugin;
}
