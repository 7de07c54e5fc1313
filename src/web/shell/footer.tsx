import { useState, useSyncExternalStore } from 'react';
import { FOOTER_COLUMNS, SOCIAL_LINKS, filterByAudience, withFooterTracking, type NavItem } from '../../shared/navigation';
import { NavLink } from './nav-link';
import { useShell } from './shell-context';
import './footer.css';

const noSubscription = () => () => undefined;
/** false on the server and while hydrating, true afterwards. */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

function FooterColumn({ column, index, collapsible }: { column: NavItem; index: number; collapsible: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const listId = `footer-column-${index}`;
  return (
    <div className={`footer-column${collapsible && !expanded ? ' is-collapsed' : ''}`}>
      <h2 className="footer-heading">
        {collapsible && (
          <button type="button" className="footer-toggle" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((value) => !value)}>
            {column.title}
            <span className="chevron" aria-hidden="true" />
          </button>
        )}
        <span className={collapsible ? 'footer-title has-toggle' : 'footer-title'}>{column.title}</span>
      </h2>
      <ul id={listId} className="footer-links">
        {(column.items ?? []).map((item) => (
          <li key={item.title}>
            <NavLink item={item} href={item.href && withFooterTracking(item.href)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Five columns of audience-filtered links (accordions under 640 px once the page is interactive; with
 * JavaScript off they stay open), then the legal line. Minimal mode keeps only the legal line.
 */
export function Footer() {
  const { audience, year, showLogoCredit, minimalFooter } = useShell();
  const collapsible = useHydrated();
  const columns = filterByAudience(FOOTER_COLUMNS, audience);
  return (
    <footer className={`site-footer${minimalFooter ? ' is-minimal' : ''}`}>
      {!minimalFooter && (
        <>
          <nav className="footer-nav" aria-label="Footer">
            {columns.map((column, index) => (
              <FooterColumn key={column.title} column={column} index={index} collapsible={collapsible} />
            ))}
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
