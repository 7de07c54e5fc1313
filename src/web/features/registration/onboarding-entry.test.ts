import { describe, expect, it } from 'vitest';
import { withOnboarding } from './flow';

// Decision 0234: a new account goes through /candidate/onboard after the spec 4.3 offers, then on to its target.
describe('withOnboarding', () => {
  it.each([
    ['a new account to the default target', { kind: 'redirect' as const, url: '/jobseeker/home' }, true, { kind: 'redirect', url: '/candidate/onboard' }],
    ['a new account keeps its target as next', { kind: 'redirect' as const, url: '/jobs-search?search=nurse' }, true, { kind: 'redirect', url: '/candidate/onboard?next=%2Fjobs-search%3Fsearch%3Dnurse' }],
    ['an existing account goes straight on', { kind: 'redirect' as const, url: '/jobseeker/home' }, false, { kind: 'redirect', url: '/jobseeker/home' }],
    ['an apply callback is never interrupted', { kind: 'callback' as const }, true, { kind: 'callback' }],
    ['a save is never interrupted', { kind: 'postSaveForm' as const, listingKey: 'L1', body: { archive: '0' as const } }, true, { kind: 'postSaveForm', listingKey: 'L1', body: { archive: '0' } }],
  ])('%s', (_name, effect, isNew, expected) => {
    expect(withOnboarding(effect, isNew)).toEqual(expected);
  });
});
