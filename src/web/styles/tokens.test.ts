// eslint-disable-next-line no-restricted-imports -- a test reads the stylesheet from disk (Vitest empties CSS imports, ?raw included)
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The design tokens of styles/base.css (decision 0258), read as the browser would get them. */
const css = readFileSync(new URL('./base.css', import.meta.url), 'utf8');

function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`No ${selector} block in base.css`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  const tokens = new Map<string, string>();
  for (const [, name, value] of body.matchAll(/(--[\w-]+|color-scheme):\s*([^;]+);/g)) tokens.set(name!, value!.trim());
  return tokens;
}

const light = block(':root');
const systemDark = block(":root:not([data-theme='light'])");
const chosenDark = block(":root[data-theme='dark']");
const dark = new Map([...light, ...chosenDark]);

/** Colours the dark theme keeps: the brand's fills under white text, the always-dark header's parts, aliases. */
const SAME_IN_BOTH = ['--color-brand', '--color-brand-dark', '--color-on-brand', '--color-on-header', '--color-header-hover', '--color-header-focus', '--color-danger-solid', '--color-chip'];

function colour(theme: Map<string, string>, token: string): string {
  let value = theme.get(token);
  for (let depth = 0; value?.startsWith('var(') && depth < 5; depth++) value = theme.get(value.slice(4, -1));
  if (!value || !/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value)) throw new Error(`${token} is not a hex colour: ${value}`);
  return value;
}

function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => {
    const c = parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const SURFACES = ['--color-page', '--color-surface', '--color-surface-raised'];
/** Text on a background, WCAG AA for body text (4.5:1). */
const TEXT_PAIRS: Array<[string, string]> = [
  ...['--color-ink', '--color-muted', '--color-link', '--color-brand-text', '--color-success-ink', '--color-danger', '--color-danger-ink', '--color-warning', '--color-warning-ink'].flatMap((text) =>
    SURFACES.map((surface): [string, string] => [text, surface]),
  ),
  ['--color-ink', '--color-surface-strong'],
  ['--color-muted', '--color-surface-strong'],
  ['--color-ink', '--color-selected'],
  ['--color-ink', '--color-success-bg'],
  ['--color-success-ink', '--color-success-bg'],
  ['--color-ink', '--color-danger-bg'],
  ['--color-danger-ink', '--color-danger-bg'],
  ['--color-ink', '--color-warning-bg'],
  ['--color-warning-ink', '--color-warning-bg'],
  ['--color-info-ink', '--color-info-bg'],
  ['--color-on-brand', '--color-brand'],
  ['--color-on-brand', '--color-brand-dark'],
  ['--color-on-brand', '--color-brand-disabled'],
  ['--color-on-brand', '--color-danger-solid'],
  ['--color-on-header', '--color-header'],
  ['--color-on-inverse', '--color-inverse'],
  ['--color-page', '--color-ink'],
  ...['green', 'blue', 'amber', 'violet', 'rose', 'teal'].map((tint): [string, string] => [`--tint-${tint}-ink`, `--tint-${tint}-bg`]),
];
/** Focus rings and field borders against what is around them (3:1, WCAG 1.4.11). */
const NON_TEXT_PAIRS: Array<[string, string]> = [
  ['--color-focus', '--color-page'],
  ['--color-focus', '--color-surface'],
  ['--color-header-focus', '--color-header'],
  ['--color-line-input', '--color-surface-raised'],
  ['--color-line-strong', '--color-surface-raised'],
  // Chart lines (uPlot reads them: ui/chart-theme.ts) on the page and on a card.
  ...[1, 2, 3, 4].flatMap((n): Array<[string, string]> => [[`--color-chart-${n}`, '--color-page'], [`--color-chart-${n}`, '--color-surface']]),
];

describe('design tokens', () => {
  it('give the dark theme one list, whether the system or the person chose it', () => {
    expect([...systemDark]).toEqual([...chosenDark]);
    expect(chosenDark.get('color-scheme')).toBe('dark');
    expect(light.get('color-scheme')).toBe('light');
  });

  it('give every colour a dark value, except the few kept on purpose', () => {
    for (const name of chosenDark.keys()) if (name.startsWith('--')) expect(light.has(name), `${name} has no light value`).toBe(true);
    const colours = [...light.keys()].filter((name) => name.startsWith('--color-') || name.startsWith('--tint-'));
    const missing = colours.filter((name) => !chosenDark.has(name) && !SAME_IN_BOTH.includes(name));
    expect(missing).toEqual([]);
  });

  it('have the scales the components use', () => {
    expect(['--space-1', '--space-2', '--space-3', '--space-4', '--space-5', '--space-6', '--space-7', '--space-8'].map((name) => light.get(name))).toEqual(
      ['4px', '8px', '12px', '16px', '24px', '32px', '48px', '64px'],
    );
    expect(light.get('--radius')).toBe('var(--radius-md)');
    expect(light.get('--radius-md')).toBe('8px');
    expect(light.get('--text-small')).toBe('1rem');
    expect(light.get('--text-xxlarge')).toBe('3rem');
  });

  for (const [name, theme] of [['light', light], ['dark', dark]] as const) {
    it(`keep WCAG AA contrast in the ${name} theme`, () => {
      const low = [
        ...TEXT_PAIRS.map(([text, back]) => ({ text, back, ratio: contrast(colour(theme, text), colour(theme, back)), needed: 4.5 })),
        ...NON_TEXT_PAIRS.map(([text, back]) => ({ text, back, ratio: contrast(colour(theme, text), colour(theme, back)), needed: 3 })),
      ].filter(({ ratio, needed }) => ratio < needed);
      expect(low).toEqual([]);
    });
  }

  it('colour text with --color-brand-text, never with the brand fill, which the dark theme keeps dark', () => {
    const root = new URL('../', import.meta.url);
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.css'))
      .flatMap((file) =>
        readFileSync(new URL(file, root), 'utf8')
          .split('\n')
          .filter((line) => /(^|[\s;{])color:\s*var\(--color-brand\)/.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
