import { useSyncExternalStore } from 'react';
import { belowWidth } from './breakpoints';

/** Whether a media query matches; false on the server and before hydration. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Phones: under the 640 px breakpoint of spec 9. */
export const PHONE_QUERY = belowWidth('sm');
