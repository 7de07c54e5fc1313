import { describe, expect, it } from 'vitest';
import { initialFlowState, run, type FlowEvent } from './flow';
import { landingContext, landingQuery } from './landing-google-sign-in';

const flags = (missingEmailPrefs: boolean): FlowEvent => ({
  type: 'eligibilityAnswered',
  spotlight: { ok: true, data: { show_candidate_spotlight: true }, httpStatus: 200 },
  resubscribe: { ok: true, data: { missing_email_prefs: missingEmailPrefs }, httpStatus: 200 },
});

/** The landing page's Google sign-in, through the registration flow's step. */
function signIn(search: string, isNewRegistration: boolean, missingEmailPrefs: boolean) {
  const from = { ...initialFlowState(landingContext('google-sign-in-button', search, false)), metaStatus: 'loaded' as const };
  return run(from, [
    { type: 'googleCredential', credential: 'c' },
    { type: 'googleAnswered', response: { success: true, errorMessage: null, isNewRegistration } },
    flags(missingEmailPrefs),
  ]);
}

describe('the landing page after a Google sign-in (spec 4.3, 2.1)', () => {
  it.each([
    [true, false, 'DONE'],
    [true, true, 'DONE'],
    [false, false, 'DONE'],
    [false, true, 'RESUBSCRIBE'],
  ] as const)('new %s, missing email preferences %s: %s', (isNew, missing, form) => {
    expect(signIn('', isNew, missing).state.form).toBe(form);
  });

  // A new account goes through onboarding first, then on to its target (decision 0234).
  it('ends at next_url when it is our path, else at Suggested Jobs', () => {
    const finish = (search: string) => signIn(search, true, false).commands.find((command) => command.type === 'finish');
    expect(finish('?next_url=%2FSalaries')).toEqual({ type: 'finish', effect: { kind: 'redirect', url: '/candidate/onboard?next=%2FSalaries' } });
    expect(finish('?next_url=https%3A%2F%2Fevil.example%2F')).toEqual({ type: 'finish', effect: { kind: 'redirect', url: '/candidate/onboard' } });
    expect(finish('?next_url=%2F%2Fevil.example')).toEqual({ type: 'finish', effect: { kind: 'redirect', url: '/candidate/onboard' } });
  });

  it('sends lvk as the listing version key', () => {
    const call = signIn('?lvk=lvk-123&next_url=%2FSalaries', true, false).commands.find((command) => command.type === 'googleSignIn');
    expect(call).toMatchObject({ context: { source: 'landing', componentId: 'google-sign-in-button', redirectUrl: '/Salaries', listingVersionKey: 'lvk-123' } });
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
