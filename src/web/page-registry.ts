import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType<{ props: never }>;
}

interface PageEntry {
  load: () => Promise<PageModule>;
  /** The module's path from the project root, as Vite's manifest names it. */
  source: string;
}

/**
 * Every page the server can render, by name. Each is its own chunk, so a page loads only its code;
 * the server preloads the chunk named here, and the client imports it before hydrating.
 */
export const pageRegistry = {
  landing: { load: () => import('./pages/landing-page'), source: 'src/web/pages/landing-page.tsx' },
  content: { load: () => import('./pages/content-page'), source: 'src/web/pages/content-page.tsx' },
  'not-found': { load: () => import('./pages/not-found-page'), source: 'src/web/pages/not-found-page.tsx' },
  'admin-analytics': { load: () => import('./pages/admin-analytics-page'), source: 'src/web/pages/admin-analytics-page.tsx' },
} satisfies Record<string, PageEntry>;

export type PageName = keyof typeof pageRegistry;

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(pageRegistry, name);
}
