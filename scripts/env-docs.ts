// Writes the README's configuration table and .env.example from src/server/config-docs.ts (issue 47).
// Run after adding or changing a variable: `node --import tsx scripts/env-docs.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { ENV_NAMES } from '../src/server/config';
import { envExample, envTable } from '../src/server/config-docs';

export const TABLE_START = '<!-- env-table:start -->';
export const TABLE_END = '<!-- env-table:end -->';

/** The README with its table between the markers replaced. */
export function readmeWithTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} block`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${envTable(ENV_NAMES)}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('README.md', readmeWithTable(readFileSync('README.md', 'utf8')));
  writeFileSync('.env.example', envExample(ENV_NAMES));
  console.log('wrote the README configuration table and .env.example');
}
