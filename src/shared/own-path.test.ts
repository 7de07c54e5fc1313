import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './registration/redirect';
import { isOwnPath, ownPath } from './own-path';

const OUR_ORIGIN = 'https://jobwise.example';

/** Where a browser goes when it follows `Location: path` from one of our pages. */
function browserTarget(path: string): URL {
  return new URL(path, `${OUR_ORIGIN}/some/page?x=1`);
}

describe('ownPath: normalise first, then check', () => {
  it.each([
    ['/jobseeker/home', '/jobseeker/home'],
    ['/jobs-search?search=nurse&location=Chicago%2C+IL', '/jobs-search?search=nurse&location=Chicago%2C+IL'],
    ['/job/forklift#apply', '/job/forklift#apply'],
    ['/a/./b/../c', '/a/c'],
    ['/%2e%2e/candidate/about', '/candidate/about'],
    ['/caf\u00e9', '/caf%C3%A9'],
  ])('keeps our path %j as %j', (value, expected) => {
    expect(ownPath(value)).toBe(expected);
  });

  it.each([
    // Normalising makes these "//evil.example": another host to a browser.
    '/.//evil.example',
    '/./\u002f/evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    // Backslashes are slashes to a browser.
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/a\\..\\..\\/evil.example',
    // Encoded slashes and backslashes, for whatever decodes once more.
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    // Tabs, newlines, spaces and other control characters are dropped or trimmed by browsers.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '\t//evil.example',
    ' /evil.example',
    '/\u0000/evil.example',
    // Not a path at all.
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'https:evil.example',
    'https:',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    expect(ownPath(value)).toBeNull();
    expect(isOwnPath(value)).toBe(false);
    expect(isSafeRedirect(value)).toBe(false);
  });

  it('refuses what is not a string, and paths over 2048 characters', () => {
    for (const value of [undefined, null, 42, {}, ['/a'], `/${'a'.repeat(3000)}`]) expect(ownPath(value)).toBeNull();
  });
});

// Pieces an attacker would combine, so the random values are mostly near-misses rather than noise.
const hostilePiece = fc.constantFrom('/', '//', '\\', '.', '..', './', '../', '%2F', '%2f', '%5C', '%2e', '%2e%2e', '%09', '\t', '\n', '\r', ' ', '\u0000', '@', ':', 'https:', 'evil.example', '?', '#', 'a', 'jobs', '%', '\u3002');
const hostileValue = fc.array(hostilePiece, { maxLength: 10 }).map((pieces) => pieces.join(''));

describe('ownPath: properties over hostile and random values', () => {
  fcTest.prop([fc.oneof(hostileValue, fc.string(), fc.webPath(), fc.webUrl())], { numRuns: 3000 })(
    'anything it returns stays on our site, is stable, and is what isSafeRedirect accepts',
    (value) => {
      const path = ownPath(value);
      if (path === null) {
        expect(isOwnPath(value)).toBe(false);
        return;
      }
      expect(path.startsWith('/')).toBe(true);
      expect(path[1]).not.toBe('/');
      // eslint-disable-next-line no-control-regex
      expect(path).not.toMatch(/[\u0000-\u0020\u007f\\]/);
      expect(browserTarget(path).origin).toBe(OUR_ORIGIN);
      expect(new URL(path, 'http://localhost:3000').origin).toBe('http://localhost:3000');
      // Normalised once and for all: checking it again gives the same path.
      expect(ownPath(path)).toBe(path);
      expect(isSafeRedirect(path)).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(decodeURIComponent(new URL(path, OUR_ORIGIN).pathname).replace(/[\u0000-\u0020]/g, '')).not.toMatch(/^[/\\]{2}/);
    },
  );
});
