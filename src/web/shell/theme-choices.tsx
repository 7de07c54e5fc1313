import type { ThemeChoice } from '../../shared/theme';
import { setTheme, useTheme } from './theme-store';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as device' },
];

/** The three theme choices as toggle buttons in a group named by its title; the pressed one is the current choice. */
export default function ThemeChoices({ id, titleClassName }: { id: string; titleClassName: string }) {
  const theme = useTheme();
  return (
    <>
      <p className={titleClassName} id={`${id}-title`}>
        Theme
      </p>
      <div className="theme-choices" role="group" aria-labelledby={`${id}-title`}>
        {CHOICES.map(({ value, label }) => (
          <button key={value} type="button" className="theme-choice" aria-pressed={theme === value} onClick={() => setTheme(value)}>
            {label}
          </button>
        ))}
      </div>
    </>
  );
}
