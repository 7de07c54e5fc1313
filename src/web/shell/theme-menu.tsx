import { lazy, Suspense } from 'react';
import { Dropdown } from './dropdown';
import './theme-menu.css';

/**
 * The choices' code stays out of every page's first load (the landing page's budget): it loads when a
 * menu holding them first opens.
 */
const Choices = lazy(() => import('./theme-choices'));

export function ThemeChoices({ where }: { where: 'menu' | 'mobile' }) {
  return (
    // No fallback: the menu shows nothing until its choices arrive (React renders none without one).
    <Suspense>
      <Choices where={where} />
    </Suspense>
  );
}

/** The header's theme menu (640 px and wider; the sliding menu holds the choices below that). */
export function ThemeMenu() {
  return (
    <Dropdown id="menu-theme" className="theme-menu" buttonClassName="icon-button" label={<span className="theme-icon" />} ariaLabel="Theme" align="end">
      <ThemeChoices where="menu" />
    </Dropdown>
  );
}
