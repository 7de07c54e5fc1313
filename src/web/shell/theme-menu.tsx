import { lazy, Suspense } from 'react';
import { Dropdown } from './dropdown';
import './theme-menu.css';

/**
 * The choices' code stays out of every page's first load (the landing page's budget): it loads when a
 * pointer comes over the menu or focus comes into it, and the choices show only in an open menu.
 */
export const loadThemeChoices = () => import('./theme-choices');
const Choices = lazy(loadThemeChoices);

export function ThemeChoices(props: { id: string; titleClassName: string }) {
  return (
    <Suspense fallback={null}>
      <Choices {...props} />
    </Suspense>
  );
}

/** The header's theme menu (640 px and wider; the sliding menu holds the choices below that). */
export function ThemeMenu() {
  return (
    <div className="theme-menu" onPointerOver={loadThemeChoices} onFocus={loadThemeChoices}>
      <Dropdown id="menu-theme" buttonClassName="icon-button" label={<span className="theme-icon" />} ariaLabel="Theme" align="end">
        <ThemeChoices id="theme-menu" titleClassName="panel-note" />
      </Dropdown>
    </div>
  );
}
