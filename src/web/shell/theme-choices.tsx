import type { ThemeChoice } from '../../shared/theme';
import { setTheme, useTheme } from './theme-store';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as device' },
];

/**
 * The three theme choices as toggle buttons in a group named by its title, the pressed one the current
 * choice: in the header's menu, or in the sliding menu on phones.
 */
export default function ThemeChoices({ where }: { where: 'menu' | 'mobile' }) {
  const theme = useTheme();
  return (
    <div className={`theme-${where}`}>
      <p className={where === 'menu' ? 'panel-note' : 'nav-group-title'} id={`theme-${where}-title`}>
        Theme
      </p>
      <div className="theme-choices" role="group" aria-labelledby={`theme-${where}-title`}>
        {CHOICES.map(({ value, label }) => (
          <button key={value} type="button" className="theme-choice" aria-pressed={theme === value} onClick={() => setTheme(value)}>
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
