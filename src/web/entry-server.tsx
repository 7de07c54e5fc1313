import { renderToString } from 'react-dom/server';
import type { PageData } from '../shared/page-data';
import { App } from './app';
import { isPageName, pageRegistry } from './page-registry';

export { pageRegistry };

export async function render(data: PageData): Promise<string> {
  if (!isPageName(data.page)) throw new Error(`Unknown page ${data.page}`);
  const { default: Page } = await pageRegistry[data.page].load();
  return renderToString(<App data={data} Page={Page} />);
}
