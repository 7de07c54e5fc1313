import type { BottomNavIcon, SeekerBottomNav as SeekerBottomNavData } from '../../shared/seeker/bottom-nav';
import './seeker-bottom-nav.css';

// 24 px outline icons, drawn with the text's colour.
const ICONS: Record<BottomNavIcon | 'more', string> = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4.35-4.35',
  saved: 'M6 3h12v18l-6-4-6 4z',
  applied: 'M4 7h16v13H4zM9 7V4h6v3m-7 7 3 3 5-6',
  messages: 'M4 5h16v11H8l-4 4z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4 4-6 8-6s8 2 8 6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

function Icon({ name }: { name: BottomNavIcon | 'more' }) {
  return (
    <svg className="bottom-nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

/**
 * A signed-in seeker's navigation at the bottom of a phone's screen (decision 0301). CSS alone shows it
 * below 768 px and keeps the page's end clear of it; "More" is a details element, so it opens without
 * JavaScript too.
 */
export function SeekerBottomNav({ nav }: { nav: SeekerBottomNavData }) {
  const moreCurrent = nav.more.some((link) => link.current);
  return (
    <nav className="bottom-nav" aria-label="Job seeker">
      <ul className="bottom-nav-list">
        {nav.links.map((link) => (
          <li key={link.href}>
            <a className="bottom-nav-link" href={link.href} aria-current={link.current ? 'page' : undefined}>
              <Icon name={link.icon} />
              <span>{link.label}</span>
            </a>
          </li>
        ))}
        <li>
          <details className={moreCurrent ? 'bottom-nav-more is-current' : 'bottom-nav-more'}>
            <summary className="bottom-nav-link">
              <Icon name="more" />
              <span>More</span>
            </summary>
            <ul className="bottom-nav-more-list">
              {nav.more.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      </ul>
    </nav>
  );
}
