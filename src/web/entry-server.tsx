import { renderToString } from 'react-dom/server';
import type { PageData, ShellData } from '../shared/page-data';
import { App } from './app';
import { Footer, footerKey } from './shell/footer';
import { ShellProvider } from './shell/shell-context';
import type { PageName } from '../shared/page-props';
import { isPageName, pageRegistry, pageSources } from './page-registry';
import { loadSignedInParts, provideSignedInParts, SIGNED_IN_PARTS_SOURCE } from './shell/signed-in-slot';

export { pageSources };
/** The signed-in header parts' chunk: the server preloads it on a signed-in person's pages. */
export const signedInPartsSource = SIGNED_IN_PARTS_SOURCE;

// The server renders signed-in pages at any moment: the parts are loaded once, before the first render.
provideSignedInParts(await loadSignedInParts());

type PageComponent = Awaited<ReturnType<(typeof pageRegistry)[PageName]>>['default'];

/**
 * Each page's component once loaded. The server runs under tsx's module hooks, which answer every
 * `import()` on a thread of their own, even for a module already loaded: asked again per request,
 * that round trip cost about 3 ms of an empty results page (decision 0200).
 */
const loadedPages = new Map<PageName, PageComponent>();

export async function render(data: PageData): Promise<string> {
  if (!isPageName(data.page)) throw new Error(`Unknown page ${data.page}`);
  let Page = loadedPages.get(data.page);
  if (!Page) {
    Page = (await pageRegistry[data.page]()).default as PageComponent;
    loadedPages.set(data.page, Page);
  }
  return renderToString(<App data={data} Page={Page} />);
}

/**
 * The footer, outside the hydrated root: plain links and native <details>, nothing for React to do in
 * the browser, so its code and link data ship in no page's script (decision 0185).
 */
export function renderFooter(shell: ShellData): string {
  const key = footerKey(shell);
  let html = renderedFooters.get(key);
  if (html === undefined) {
    html = renderToString(
      <ShellProvider value={shell}>
        <Footer />
      </ShellProvider>,
    );
    renderedFooters.set(key, html);
  }
  return html;
}

/**
 * The footer's HTML by footerKey (decision 0200): a quarter of a results page's markup, the same on
 * every page of an audience and year, so rendered once rather than per request. A handful of keys.
 */
const renderedFooters = new Map<string, string>();
