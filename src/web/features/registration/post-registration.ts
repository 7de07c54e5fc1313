// Performs the post-registration effect that flow.ts chose (spec 4.3).
import { DEFAULT_REDIRECT_PATH } from '../../../shared/registration/enums';
import type { PostRegistrationEffect } from './flow';

export interface EffectDeps {
  reload(): void;
  assign(url: string): void;
  /** window.open; null when a blocker refused the tab. */
  openTab(url: string): unknown;
  onComplete?(): void;
  saveJob(listingKey: string | undefined): Promise<{ ok: boolean; message?: string }>;
  logError(category: string, message: string): void;
  /** Shows the generic error screen. */
  fail(): void;
}

export async function runPostRegistrationEffect(effect: PostRegistrationEffect, deps: EffectDeps): Promise<void> {
  switch (effect.kind) {
    case 'reload':
      if (effect.reason) deps.logError('post_registration_action', effect.reason);
      deps.reload();
      return;
    case 'callback':
      deps.onComplete?.();
      return;
    case 'openTab': {
      const tab = deps.openTab(effect.url);
      if (tab && effect.ifOpened === 'navigateHome') deps.assign(DEFAULT_REDIRECT_PATH);
      else deps.reload();
      return;
    }
    case 'postSaveForm': {
      // The page does not reload: the save button shows its new state from the callback.
      const result = await deps.saveJob(effect.listingKey);
      if (!result.ok) {
        deps.logError('post_registration_action', result.message ?? 'save failed');
        deps.fail();
        return;
      }
      deps.onComplete?.();
      return;
    }
    case 'redirect':
      deps.assign(effect.url);
      return;
  }
}

export function browserEffectDeps(overrides: Pick<EffectDeps, 'onComplete' | 'saveJob' | 'logError' | 'fail'>): EffectDeps {
  return {
    reload: () => window.location.reload(),
    assign: (url) => window.location.assign(url),
    openTab: (url) => {
      // Not the 'noopener' feature: with it window.open returns null even when the tab opened.
      const tab = window.open(url, '_blank');
      if (tab) tab.opener = null;
      return tab;
    },
    ...overrides,
  };
}
