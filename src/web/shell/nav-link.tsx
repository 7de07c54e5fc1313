import type { MouseEvent } from 'react';
import type { NavItem } from '../../shared/navigation';
import { logEvent } from '../features/analytics/event-logger';
import { observeHeaderClick } from '../features/analytics/landing-observations';

interface NavLinkProps {
  item: NavItem;
  /** Overrides item.href (the footer adds its tracking fragment). */
  href?: string;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** One navigation link drawn from data: new-tab links get rel="noopener noreferrer" and say so. */
export function NavLink({ item, href, className, onClick }: NavLinkProps) {
  const opensNewTab = item.target === '_blank';
  const classes = [className, item.bold ? 'is-bold' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <a
      href={href ?? item.href}
      className={classes}
      target={item.target}
      rel={opensNewTab ? 'noopener noreferrer' : undefined}
      onClick={(event) => {
        if (item.logging) {
          logEvent(item.logging.event, item.logging.properties ?? {});
          observeHeaderClick(item.logging.event);
        }
        onClick?.(event);
      }}
    >
      <span className="nav-title">
        {item.title}
        {opensNewTab && <span className="visually-hidden"> (opens in a new tab)</span>}
      </span>
      {item.subtitle && (
        <span className="nav-subtitle" title={item.subtitle}>
          {item.subtitle}
        </span>
      )}
    </a>
  );
}

/** A list of links; nested sections become a titled group. */
export function NavList({ items, className }: { items: readonly NavItem[]; className?: string }) {
  return (
    <ul className={className ?? 'nav-list'}>
      {items.map((item) =>
        item.type === 'section' ? (
          <li key={item.title} className="nav-group">
            <span className="nav-group-title">{item.title}</span>
            {item.subtitle && <span className="nav-subtitle">{item.subtitle}</span>}
            <NavList items={item.items ?? []} />
          </li>
        ) : (
          <li key={item.title}>
            <NavLink item={item} className="nav-link" />
          </li>
        ),
      )}
    </ul>
  );
}
