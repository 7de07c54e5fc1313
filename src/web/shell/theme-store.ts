import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, type ThemeChoice } from '../../shared/theme';

/**
 * The remembered theme (decision 0258). <html data-theme> is the page's choice ("light" or "dark"; none
 * for the system's), set before first paint by the head script (src/shared/theme.ts) from localStorage.
 * Choosing writes both; a choice made in another tab arrives as a storage event.
 */
const listeners = new Set<() => void>();

const apply = (value: string | null) => {
  if (value === 'light' || value === 'dark') document.documentElement.setAttribute('data-theme', value);
  else document.documentElement.removeAttribute('data-theme');
  for (const notify of listeners) notify();
};

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (some privacy settings): the choice holds for this page only.
  }
  apply(choice);
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply(event.newValue);
  };
  addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    removeEventListener('storage', onStorage);
  };
}

const current = (): ThemeChoice => (document.documentElement.getAttribute('data-theme') as ThemeChoice | null) ?? 'system';

/** The current choice; "system" on the server and while hydrating (the server never knows it). */
export const useTheme = (): ThemeChoice => useSyncExternalStore(subscribe, current, () => 'system');
