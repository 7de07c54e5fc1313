// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyLogo, MONOGRAM_TINTS, monogramOf, monogramTint } from './company-logo';

afterEach(cleanup);

describe('the company logo (issue 45)', () => {
  it('falls back to up to two initials of the name, in letters of any script', () => {
    expect(monogramOf('Golden State Care')).toBe('GS');
    expect(monogramOf('acme')).toBe('A');
    expect(monogramOf('Łódź Logistics & Co.')).toBe('ŁL');
    expect(monogramOf('  ')).toBe('');
  });

  it('gives a name the same tint every time, one of the palette', () => {
    expect(monogramTint('Pioneer Care')).toBe(monogramTint('Pioneer Care'));
    for (const name of ['a', 'Golden State Care', 'Meridian Care', 'Zed']) expect(monogramTint(name)).toBeLessThan(MONOGRAM_TINTS);
  });

  it('shows the logo when there is one, and is hidden from screen readers either way (the name is written beside it)', () => {
    const { container, rerender } = render(<CompanyLogo name="Pioneer Care" />);
    expect(container.querySelector('span.company-logo')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('PC');
    rerender(<CompanyLogo name="Pioneer Care" logoUrl="/files/logo.png" />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('src')).toBe('/files/logo.png');
  });
});
