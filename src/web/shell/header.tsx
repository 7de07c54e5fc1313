import { COMPANY_PATHS } from '../../shared/companies/paths';
import { HEADER_MENUS, JOBSEEKER_LOGIN_HREF } from '../../shared/navigation';
import { logEvent } from '../features/analytics/event-logger';
import { observeHeaderClick } from '../features/analytics/landing-observations';
import { Dropdown } from './dropdown';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavList } from './nav-link';
import { RatingBanner } from './rating-banner';
import { useShell } from './shell-context';
import './header.css';
import { signedInParts } from './signed-in-slot';
import { ThemeMenu } from './theme-menu';

/** Header clicks go to the event log (spec 2.3) and, on the landing page, to the landing observations. */
function headerClick(eventType: string, component: string) {
  logEvent(eventType, { component });
  observeHeaderClick(eventType);
}

const menuId = (title: string) => `menu-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/**
 * The dark top header. Three layouts share the markup and CSS picks one: three audience dropdowns at
 * 1367 px and wider, one hamburger dropdown from 640 px, and the sliding menu below 640 px.
 */
export function Header() {
  const shell = useShell();
  const { user, minimalFooter, accessibilityEmail, unreadNotifications, employer } = shell;
  const parts = user ? signedInParts() : null;
  return (
    <header className="site-header">
      <a className="skip-link" href={`mailto:${accessibilityEmail}?subject=${encodeURIComponent('Accessibility feedback')}`}>
        Send accessibility feedback
      </a>
      <div className="header-bar">
        <a className="logo" href={employer ? COMPANY_PATHS.employerHome : '/'}>
          <Logo />
          <span className="logo-word">Jobwise</span>
          <span className="visually-hidden"> home</span>
        </a>
        {/* An employer's header has no job-seeker marketing menus: their workspace navigation is below. */}
        {employer ? null : (
          <nav className="header-nav" aria-label="Main">
            <div className="wide-menus">
              {HEADER_MENUS.map((menu) => (
                <Dropdown key={menu.title} id={menuId(menu.title)} label={menu.title} buttonClassName="nav-button">
                  {menu.subtitle && <p className="panel-note">{menu.subtitle}</p>}
                  <NavList items={menu.items ?? []} />
                </Dropdown>
              ))}
            </div>
            <Dropdown id="menu-all" className="hamburger-menu" buttonClassName="icon-button" label={<span className="hamburger" aria-hidden="true" />} ariaLabel="Menu">
              {HEADER_MENUS.map((menu) => (
                <div key={menu.title} className="panel-group">
                  <p className="nav-group-title">{menu.title}</p>
                  <NavList items={menu.items ?? []} />
                </div>
              ))}
            </Dropdown>
          </nav>
        )}
        <div className="header-actions">
          <a className="button button-primary header-post" href="/post-a-job" onClick={() => headerClick('post_a_job_click', 'post-a-job-button')}>
            Post a Job
          </a>
          {user && parts ? <parts.NotificationBell user={user} unread={unreadNotifications ?? 0} /> : null}
          <ThemeMenu />
          {user && parts ? (
            <Dropdown id="menu-account" className="account-menu" buttonClassName="button button-outline" label="My Account" align="end">
              <p className="panel-note">
                Signed in as <strong className="account-email">{user.email}</strong>
              </p>
              <ul className="nav-list">
                <parts.AccountLinks shell={shell} linkClassName="nav-link account-link" />
              </ul>
            </Dropdown>
          ) : (
            <a
              className="button button-outline header-login"
              href={JOBSEEKER_LOGIN_HREF}
              onClick={() => headerClick('header_sign_in_click', 'header-sign-in')}
            >
              Log In
            </a>
          )}
          <MobileMenu shell={shell} />
        </div>
      </div>
      {employer && parts ? <parts.EmployerNav workspace={employer} /> : !minimalFooter && <RatingBanner />}
      {/* A seeker's bottom navigation: fixed to a phone's screen by CSS, hidden from 768 px (decision 0301). */}
      {parts && shell.seekerNav && !minimalFooter ? <parts.SeekerBottomNav nav={shell.seekerNav} /> : null}
    </header>
  );
}
