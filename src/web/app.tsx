import { useEffect, type ComponentType } from 'react';
import type { PageData } from '../shared/page-data';
import { ShellProvider } from './shell/shell-context';
import { Shell } from './shell/shell';

/** Set on <html> once the page is hydrated: its controls act in place from then on (browser tests wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export function App({ data, Page }: { data: PageData; Page: ComponentType<{ props: never }> }) {
  // A parent's effects run after its children's: when this runs, the whole page is live.
  useEffect(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''), []);
  return (
    <ShellProvider value={data.shell}>
      <Shell>
        <Page props={data.props as never} />
      </Shell>
    </ShellProvider>
  );
}
