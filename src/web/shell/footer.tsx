import { FOOTER_COLUMNS, SOCIAL_LINKS, filterByAudience, withFooterTracking, type NavItem } from '../../shared/navigation';
import type { ShellData } from '../../shared/page-data';
import { NavLink } from './nav-link';
import { useShell } from './shell-context';

function FooterLinks({ column }: { column: NavItem }) {
  return (
    <ul className="footer-links">
      {(column.items ?? []).map((item) => (
        <li key={item.title}>
          <NavLink item={item} href={item.href && withFooterTracking(item.href)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * What the footer depends on: every field of the shell Footer reads. The server keeps the rendered
 * footer under this key (entry-server.tsx), so a field read below must be part of it (a test checks
 * that the other fields change nothing).
 */
export function footerKey(shell: Pick<ShellData, 'audience' | 'year' | 'showLogoCredit' | 'minimalFooter'>): string {
  return `${shell.audience}|${shell.year}|${shell.showLogoCredit ? 1 : 0}|${shell.minimalFooter ? 1 : 0}`;
}

/**
 * Rendered by the server only, after the hydrated root (entry-server.tsx renderFooter; its CSS is
 * imported by shell.tsx). Five columns of audience-filtered links, then the legal line; minimal mode keeps only the legal line.
 * Under 640 px the columns are native <details> accordions instead: they work before and without
 * JavaScript and nothing shifts at hydration. CSS shows one of the two forms.
 */
export function Footer() {
  const { audience, year, showLogoCredit, minimalFooter } = useShell();
  const columns = filterByAudience(FOOTER_COLUMNS, audience);
  return (
    <footer className={`site-footer${minimalFooter ? ' is-minimal' : ''}`}>
      {!minimalFooter && (
        <>
          <nav className="footer-nav" aria-label="Footer">
            <div className="footer-columns">
              {columns.map((column) => (
                <div key={column.title} className="footer-column">
                  <h2 className="footer-heading">{column.title}</h2>
                  <FooterLinks column={column} />
                </div>
              ))}
            </div>
            <div className="footer-accordions">
              {columns.map((column) => (
                <details key={column.title} className="footer-accordion">
                  <summary>
                    <h2 className="footer-heading">{column.title}</h2>
                    <span className="chevron" aria-hidden="true" />
                  </summary>
                  <FooterLinks column={column} />
                </details>
              ))}
            </div>
          </nav>
          <ul className="social-links" aria-label="Jobwise on social networks">
            {SOCIAL_LINKS.map((item) => (
              <li key={item.title}>
                <NavLink item={item} href={withFooterTracking(item.href ?? '')} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="footer-legal">
        <p>{`© ${year} Jobwise`}</p>
        <a href={withFooterTracking('/ccpa-opt-out')}>Your Privacy Choices</a>
        {showLogoCredit && !minimalFooter && <p className="logo-credit">Company logos are shown courtesy of our logo provider.</p>}
      </div>
    </footer>
  );
}
