import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../../shared/page-data';
import { Header } from './header';
// The footer is rendered by the server after the root (entry-server.tsx); its styles load with the shell.
import './footer.css';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
