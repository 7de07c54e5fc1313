import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEKER_PATHS } from '../../src/shared/seeker/constants';
import { postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 14, finding 6: every `next` is normalised first, then checked (src/shared/own-path.ts).
const HOSTILE = ['/.//evil.example', '/..//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/\t/evil.example', 'https://evil.example/', '/./%5C/evil.example'];

function leavesTheSite(location: string | undefined): boolean {
  if (location === undefined) return false;
  return new URL(location, 'https://jobwise.example/candidate/about').origin !== 'https://jobwise.example' || /^[/\\]{2}/.test(location);
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('redirect targets read from requests stay on our site', () => {
  it.each(HOSTILE)('the sign-in pages send a signed-in person with next=%j to /jobseeker/home', async (next) => {
    const jar = await signIn(t.app, 'next@example.com');
    for (const path of ['/jobseeker/register', '/authn/login']) {
      const response = await t.app.inject({ method: 'GET', url: `${path}?next=${encodeURIComponent(next)}`, headers: { cookie: jar.header() } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/jobseeker/home');
    }
  });

  it.each(HOSTILE)('a plain save form with next=%j comes back to one of our pages', async (next) => {
    const jar = await signIn(t.app, 'save@example.com');
    const response = await postForm(t.app, SEEKER_PATHS.toggleSave, { archive: '0', listing_key: 'no-such-listing', next }, { jar, xhr: false });
    expect(response.statusCode).toBe(303);
    expect(leavesTheSite(response.headers.location as string)).toBe(false);
  });

  it.each(HOSTILE)('the profile form with next=%j comes back to one of our pages', async (next) => {
    const jar = await signIn(t.app, 'about@example.com');
    const page = await t.app.inject({ method: 'GET', url: `${SEEKER_PATHS.about}?next=${encodeURIComponent(next)}`, headers: { cookie: jar.header() } });
    expect(page.body).not.toContain('evil.example');
  });

  it('keeps a normal next, normalised', async () => {
    const jar = await signIn(t.app, 'normal@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/authn/login?next=${encodeURIComponent('/jobs-search/./?search=nurse')}`, headers: { cookie: jar.header() } });
    expect(response.headers.location).toBe('/jobs-search/?search=nurse');
  });
});
