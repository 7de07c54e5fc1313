import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../src/server/config';
import { ENV_DOCS, envExample } from '../src/server/config-docs';
import { readmeWithTable } from './env-docs';

// Issue 47: every variable is documented once (src/server/config-docs.ts), and the README's table and
// .env.example are written from it: these fail when a variable is added without a line, or a file is stale.
describe('the configuration documents', () => {
  it('says what every variable of the schema is for, and no other', () => {
    expect(Object.keys(ENV_DOCS).sort()).toEqual([...ENV_NAMES].sort());
  });

  it('has the README table and .env.example as scripts/env-docs.ts writes them', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readmeWithTable(readme) === readme, 'README.md is stale: run node --import tsx scripts/env-docs.ts').toBe(true);
    expect(readFileSync('.env.example', 'utf8') === envExample(ENV_NAMES), '.env.example is stale: run node --import tsx scripts/env-docs.ts').toBe(true);
  });

  it('gives the defaults the server really uses: every line of .env.example uncommented changes nothing', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jobwise-env-'));
    try {
      const set: Record<string, string> = {};
      for (const line of envExample(ENV_NAMES).split('\n')) {
        const match = /^# ([A-Z0-9_]+)=(.+)$/.exec(line);
        if (match) set[match[1]!] = match[2]!.startsWith('"') ? (JSON.parse(match[2]!) as string) : match[2]!;
      }
      expect(Object.keys(set).length).toBeGreaterThan(40);
      const { SESSION_SECRET: _a, ...fromDefaults } = loadConfig({ DATA_DIR: dataDir });
      const { SESSION_SECRET: _b, ...fromExample } = loadConfig({ ...set, DATA_DIR: dataDir });
      expect(fromExample).toEqual(fromDefaults);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
