import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, ROOT_ELEMENT_ID, type PageData } from '../shared/page-data';
import { App } from './app';
import { eventLogger } from './features/analytics/event-logger';
import type { PageModule } from './page-registry';
import { noteTypedFields } from './typed-before-hydration';
import { loadSignedInParts, provideSignedInParts } from './shell/signed-in-slot';
import './styles/base.css';

async function hydrate() {
  const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!dataElement?.textContent || !root) return;
  // The server names the page's module (its chunk, which it also preloads): no map of every page here.
  const pageModule = document.documentElement.dataset.pageModule;
  if (!pageModule) return;
  const data = JSON.parse(dataElement.textContent) as PageData;
  // A signed-in page's header parts come in their own chunk, fetched beside the page's (the server preloads both).
  const [{ default: Page }, parts] = await Promise.all([
    import(/* @vite-ignore */ pageModule) as Promise<PageModule>,
    data.shell.user ? loadSignedInParts() : null,
  ]);
  if (parts) provideSignedInParts(parts);
  noteTypedFields(root);
  // Hydration as a transition: React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (decision 0204), as Next.js hydrates its pages.
  startTransition(() => {
    hydrateRoot(root, <App data={data} Page={Page} />);
  });
  if (data.shell.eventLogPath) eventLogger.setPath(data.shell.eventLogPath);
  eventLogger.logPageView(data.shell.pageViewLabel);
}

void hydrate();
