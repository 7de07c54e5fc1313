import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the build, without types
import { BUILD_STAMP, SERVER_BUNDLE, buildIsStale } from './build-freshness.mjs';

describe('npm start builds only when the build is missing or older than its sources', () => {
  let root: string;
  const at = (file: string, seconds: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), file);
    utimesSync(path.join(root, file), seconds, seconds);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'jobwise-freshness-'));
    at('src/web/pages/home-page.tsx', 1_000);
    at('src/server/main.ts', 1_000);
    at('vite.config.ts', 1_000);
    for (const dir of ['src/web/pages', 'src/web', 'src/server', 'src']) utimesSync(path.join(root, dir), 1_000, 1_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale with no finished build', () => {
    expect(buildIsStale(root)).toBe(true);
  });

  it('is fresh when the build finished after every source changed', () => {
    at(SERVER_BUNDLE, 2_000);
    at(BUILD_STAMP, 2_000);
    expect(buildIsStale(root)).toBe(false);
  });

  it('is stale when the compiled server is missing (a build from before the server was compiled)', () => {
    at(BUILD_STAMP, 2_000);
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale when a page, a public file or the build configuration changed after the build', () => {
    at(SERVER_BUNDLE, 2_000);
    at(BUILD_STAMP, 2_000);
    at('src/web/pages/home-page.tsx', 3_000);
    expect(buildIsStale(root)).toBe(true);
    at('src/web/pages/home-page.tsx', 1_000);
    utimesSync(path.join(root, 'src/web/pages'), 1_000, 1_000);
    at('public/robots.txt', 3_000);
    expect(buildIsStale(root)).toBe(true);
    rmSync(path.join(root, 'public'), { recursive: true });
    at('vite.config.ts', 3_000);
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale when the server changed: npm start runs it compiled (decision 0278)', () => {
    at(SERVER_BUNDLE, 2_000);
    at(BUILD_STAMP, 2_000);
    at('src/server/main.ts', 3_000);
    expect(buildIsStale(root)).toBe(true);
  });
});
