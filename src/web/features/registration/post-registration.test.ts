import { describe, expect, it, vi } from 'vitest';
import { runPostRegistrationEffect, type EffectDeps } from './post-registration';

function deps(overrides: Partial<EffectDeps> = {}) {
  return {
    reload: vi.fn(),
    assign: vi.fn(),
    openTab: vi.fn(() => ({})),
    onComplete: vi.fn(),
    saveJob: vi.fn(async () => ({ ok: true })),
    logError: vi.fn(),
    fail: vi.fn(),
    ...overrides,
  } satisfies EffectDeps;
}

describe('performing the post-registration action (spec 4.3)', () => {
  it('reload reloads, logging a refused redirect', async () => {
    const d = deps();
    await runPostRegistrationEffect({ kind: 'reload', reason: 'redirect URL refused' }, d);
    expect(d.reload).toHaveBeenCalled();
    expect(d.logError).toHaveBeenCalledWith('post_registration_action', 'redirect URL refused');
  });

  it('external on a job page: tab opened, the page goes to /jobseeker/home', async () => {
    const d = deps();
    await runPostRegistrationEffect({ kind: 'openTab', url: 'https://ats.example', ifOpened: 'navigateHome', ifBlocked: 'reload' }, d);
    expect(d.openTab).toHaveBeenCalledWith('https://ats.example');
    expect(d.assign).toHaveBeenCalledWith('/jobseeker/home');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('external: a blocked tab reloads instead', async () => {
    const d = deps({ openTab: vi.fn(() => null) });
    await runPostRegistrationEffect({ kind: 'openTab', url: 'https://ats.example', ifOpened: 'navigateHome', ifBlocked: 'reload' }, d);
    expect(d.assign).not.toHaveBeenCalled();
    expect(d.reload).toHaveBeenCalled();
  });

  it('save: posts, does not reload, and calls back', async () => {
    const d = deps();
    await runPostRegistrationEffect({ kind: 'postSaveForm', listingKey: 'L1', body: { archive: '0' } }, d);
    expect(d.saveJob).toHaveBeenCalledWith('L1');
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.onComplete).toHaveBeenCalled();
  });

  it('save: a server error_message becomes an error, is logged, and nothing reloads', async () => {
    const d = deps({ saveJob: vi.fn(async () => ({ ok: false, message: 'Job is closed' })) });
    await runPostRegistrationEffect({ kind: 'postSaveForm', listingKey: 'L1', body: { archive: '0' } }, d);
    expect(d.logError).toHaveBeenCalledWith('post_registration_action', 'Job is closed');
    expect(d.fail).toHaveBeenCalled();
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('redirect goes to the URL; callback calls back', async () => {
    const d = deps();
    await runPostRegistrationEffect({ kind: 'redirect', url: '/jobseeker/home' }, d);
    expect(d.assign).toHaveBeenCalledWith('/jobseeker/home');
    await runPostRegistrationEffect({ kind: 'callback' }, d);
    expect(d.onComplete).toHaveBeenCalled();
  });
});
