import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, ROOT_ELEMENT_ID, type PageData } from '../shared/page-data';
import { pageViewLabel } from '../shared/analytics/page-labels';
import { App } from './app';
import { eventLogger } from './features/analytics/event-logger';
import { isPageName, pageRegistry } from './page-registry';
import { noteTypedFields } from './typed-before-hydration';
import './styles/base.css';

async function hydrate() {
  const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!dataElement?.textContent || !root) return;
  const data = JSON.parse(dataElement.textContent) as PageData;
  if (!isPageName(data.page)) return;
  const { default: Page } = await pageRegistry[data.page].load();
  noteTypedFields(root);
  hydrateRoot(root, <App data={data} Page={Page} />);
  if (data.shell.eventLogPath) eventLogger.setPath(data.shell.eventLogPath);
  eventLogger.logPageView(pageViewLabel(window.location.pathname, window.location.search, data.shell.pageType));
}

void hydrate();
