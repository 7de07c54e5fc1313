import type { ThemeChoice } from '../../shared/theme';
import { Dropdown } from './dropdown';
import { setTheme, useTheme } from './theme-store';
import './theme-menu.css';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as device' },
];

/** The three theme choices as toggle buttons in a named group; the pressed one is the current choice. */
export function ThemeChoices({ labelledBy }: { labelledBy?: string }) {
  const theme = useTheme();
  return (
    <div className="theme-choices" role="group" aria-label={labelledBy ? undefined : 'Theme'} aria-labelledby={labelledBy}>
      {CHOICES.map(({ value, label }) => (
        <button key={value} type="button" className="theme-choice" aria-pressed={theme === value} onClick={() => setTheme(value)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/** The header's theme menu (640 px and wider; the sliding menu holds the choices below that). */
export function ThemeMenu() {
  return (
    <Dropdown id="menu-theme" className="theme-menu" buttonClassName="icon-button" label={<ThemeIcon />} ariaLabel="Theme" align="end">
      <p className="panel-note" id="theme-menu-title">
        Theme
      </p>
      <ThemeChoices labelledBy="theme-menu-title" />
    </Dropdown>
  );
}

function ThemeIcon() {
  return (
    <svg className="theme-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      <path d="M12 3.75a8.25 8.25 0 0 1 0 16.5z" fill="currentColor" />
    </svg>
  );
}
