import { useEffect, useRef, useState } from 'react';
import { HEADER_MENUS, JOBSEEKER_LOGIN_HREF, type NavItem } from '../../shared/navigation';
import { logEvent } from '../features/analytics/event-logger';
import { observeHeaderClick } from '../features/analytics/landing-observations';
import { NavList } from './nav-link';
import type { ShellData } from '../../shared/page-data';
import { signedInParts } from './signed-in-slot';
import { ThemeChoices } from './theme-menu';

type View = 'top' | 'seekers' | 'employers';

const [JOB_SEEKERS, SMALL_BUSINESS, ENTERPRISE] = HEADER_MENUS as [NavItem, NavItem, NavItem];
const SECTIONS: Record<Exclude<View, 'top'>, { title: string; items: NavItem[] }> = {
  seekers: { title: 'Job Seekers', items: JOB_SEEKERS.items ?? [] },
  employers: { title: 'For Employers', items: [SMALL_BUSINESS, ENTERPRISE] },
};

/**
 * Under 640 px: a menu that slides in over a dimmed overlay. The top level lists Job Seekers,
 * For Employers (both business sections) and Log In; a section slides over it with a Back button.
 */
export function MobileMenu({ shell }: { shell: ShellData }) {
  const { user, employer } = shell;
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('top');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const lastSection = useRef<View>('top');

  useEffect(() => {
    document.body.classList.toggle('has-open-menu', open);
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
        return;
      }
      // A modal menu keeps Tab inside itself (the inert pane's controls are skipped).
      if (event.key !== 'Tab' || !panelRef.current) return;
      const controls = [...panelRef.current.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => !el.closest('[inert]'));
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('has-open-menu');
    };
  }, [open]);

  // Focus follows the slide: the section's Back button, or the section button we came back from.
  useEffect(() => {
    if (!open) return;
    const pane = panelRef.current?.querySelector<HTMLElement>(`[data-view="${view === 'top' ? 'top' : 'section'}"]`);
    const target = view === 'top' && lastSection.current !== 'top' ? pane?.querySelector<HTMLElement>(`[data-section="${lastSection.current}"]`) : pane?.querySelector<HTMLElement>('a, button');
    // preventScroll: the panel clips the sliding track, and a scroll to the focused pane would shift it.
    target?.focus({ preventScroll: true });
  }, [open, view]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const show = (next: View) => {
    if (next === 'top') lastSection.current = view;
    setView(next);
  };
  const section = view === 'top' ? null : SECTIONS[view];

  return (
    <div className="mobile-menu">
      <button
        ref={toggleRef}
        type="button"
        className="icon-button menu-toggle"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => {
          lastSection.current = 'top';
          setView('top');
          setOpen(true);
        }}
      >
        <span className="hamburger" aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      <div className={`menu-overlay${open ? ' is-open' : ''}`} onClick={close} data-testid="menu-overlay" />
      <div
        ref={panelRef}
        id="mobile-menu-panel"
        className={`mobile-panel${open ? ' is-open' : ''}${view === 'top' ? '' : ' shows-section'}`}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
      >
        <div className="mobile-panel-bar">
          <span className="mobile-panel-title">Menu</span>
          <button type="button" className="icon-button close-button" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <div className="mobile-track">
          <div className="mobile-pane" data-view="top" inert={view !== 'top'}>
            <ul className="mobile-list">
              {/* An employer's workspace links are under the header; the menu keeps their account. */}
              {(employer ? [] : (['seekers', 'employers'] as const)).map((key) => (
                <li key={key}>
                  <button type="button" className="mobile-row" data-section={key} onClick={() => show(key)}>
                    {SECTIONS[key].title}
                    <span className="chevron chevron-right" aria-hidden="true" />
                  </button>
                </li>
              ))}
              {user ? (
                <AccountItems shell={shell} />
              ) : (
                <li>
                  <a className="mobile-row is-bold" href={JOBSEEKER_LOGIN_HREF} onClick={() => {
                      logEvent('header_sign_in_click');
                      observeHeaderClick('header_sign_in_click');
                    }}>
                    Log In
                  </a>
                </li>
              )}
            </ul>
            {open && <ThemeChoices where="mobile" />}
          </div>
          <div className="mobile-pane" data-view="section" inert={view === 'top'}>
            <button type="button" className="mobile-back" onClick={() => show('top')}>
              <span className="chevron chevron-left" aria-hidden="true" />
              Back
            </button>
            {section && (
              <>
                <h2 className="mobile-section-title">{section.title}</h2>
                <NavList items={section.items} className="nav-list mobile-links" />
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** My Account's items, from the signed-in chunk (loaded before a signed-in page hydrates). */
function AccountItems({ shell }: { shell: ShellData }) {
  const { AccountLinks } = signedInParts();
  return <AccountLinks shell={shell} linkClassName="mobile-row" />;
}
