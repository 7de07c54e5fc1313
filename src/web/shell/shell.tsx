import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../../shared/page-data';

export function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <header className="site-header">Jobwise</header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" />
    </>
  );
}
