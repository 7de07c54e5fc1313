import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, type ThemeChoice } from '../../shared/theme';

/**
 * The remembered theme (decision 0258): localStorage holds "light" or "dark", nothing for "system", and
 * <html data-theme> carries the choice for the CSS. The head script (src/shared/theme.ts) sets the
 * attribute before first paint; this store changes both when the person chooses, and follows a choice
 * made in another tab.
 */
const listeners = new Set<() => void>();
/** The choice made in this page when storage cannot keep it (some privacy settings throw). */
let unstored: ThemeChoice | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readTheme(): ThemeChoice {
  if (unstored) return unstored;
  try {
    const stored = storage()?.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function setTheme(choice: ThemeChoice): void {
  unstored = null;
  try {
    if (choice === 'system') storage()?.removeItem(THEME_STORAGE_KEY);
    else storage()?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    unstored = choice;
  }
  applyTheme(choice);
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyTheme(readTheme());
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice; "system" on the server and while hydrating (the server never knows it). */
export const useTheme = (): ThemeChoice => useSyncExternalStore(subscribe, readTheme, () => 'system');
