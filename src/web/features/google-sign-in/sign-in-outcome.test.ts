import { describe, expect, it } from 'vitest';
import { landingQuery, outcomeAfterGoogleSignIn } from './sign-in-outcome';

const flags = (missingEmailPrefs: boolean) => ({ showCandidateSpotlight: true, missingEmailPrefs });

describe('after a Google sign-in (spec 4.3)', () => {
  it.each([
    [true, false, 'redirect'],
    [true, true, 'redirect'],
    [false, false, 'redirect'],
    [false, true, 'resubscribe'],
  ] as const)('new %s, missing email preferences %s: %s', (isNew, missing, kind) => {
    expect(outcomeAfterGoogleSignIn(isNew, flags(missing), null).kind).toBe(kind);
  });

  it('ends at next_url when it is our path, else at Suggested Jobs', () => {
    expect(outcomeAfterGoogleSignIn(true, flags(false), '/Salaries').url).toBe('/Salaries');
    expect(outcomeAfterGoogleSignIn(true, flags(false), 'https://evil.example/').url).toBe('/jobseeker/home');
    expect(outcomeAfterGoogleSignIn(true, flags(false), '//evil.example').url).toBe('/jobseeker/home');
    expect(outcomeAfterGoogleSignIn(false, flags(true), '/Salaries')).toEqual({ kind: 'resubscribe', url: '/Salaries' });
  });
});

describe('landing page query (next_url, lvk)', () => {
  it('passes next_url and lvk through', () => {
    expect(landingQuery('?next_url=%2Fbrowse%3Fa%3D1&lvk=abc')).toEqual({ nextUrl: '/browse?a=1', listingVersionKey: 'abc' });
  });
  it('drops a next_url to another site and an over-long lvk', () => {
    expect(landingQuery(`?next_url=https%3A%2F%2Fevil.example&lvk=${'x'.repeat(201)}`)).toEqual({});
  });
});
