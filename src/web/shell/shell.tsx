import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../../shared/page-data';
import { Footer } from './footer';
import { Header } from './header';

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
      <Footer />
    </>
  );
}
