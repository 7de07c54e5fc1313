import { renderToString } from 'react-dom/server';
import type { PageData, ShellData } from '../shared/page-data';
import { App } from './app';
import { Footer } from './shell/footer';
import { ShellProvider } from './shell/shell-context';
import { isPageName, pageRegistry, pageSources } from './page-registry';

export { pageSources };

export async function render(data: PageData): Promise<string> {
  if (!isPageName(data.page)) throw new Error(`Unknown page ${data.page}`);
  const { default: Page } = await pageRegistry[data.page]();
  return renderToString(<App data={data} Page={Page} />);
}

/**
 * The footer, outside the hydrated root: plain links and native <details>, nothing for React to do in
 * the browser, so its code and link data ship in no page's script (decision 0185).
 */
export function renderFooter(shell: ShellData): string {
  return renderToString(
    <ShellProvider value={shell}>
      <Footer />
    </ShellProvider>,
  );
}
