import type { ComponentType } from 'react';
import type { PageData } from '../shared/page-data';
import { ShellProvider } from './shell/shell-context';
import { Shell } from './shell/shell';

export function App({ data, Page }: { data: PageData; Page: ComponentType<{ props: never }> }) {
  return (
    <ShellProvider value={data.shell}>
      <Shell>
        <Page props={data.props as never} />
      </Shell>
    </ShellProvider>
  );
}
