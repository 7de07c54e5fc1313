import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ShellData } from '../../shared/page-data';
import { Footer, footerKey } from './footer';
import { ShellProvider } from './shell-context';
import { testShell } from './test-shell';

// The server keeps the rendered footer under footerKey (decision 0200): the shell's other fields must
// not change the footer, and each field of the key must be able to.
const base = testShell({ googleSignIn: null });
const html = (shell: ShellData) =>
  renderToString(
    <ShellProvider value={shell}>
      <Footer />
    </ShellProvider>,
  );

describe('footerKey', () => {
  it('holds every shell field the footer reads', () => {
    const others: Array<Partial<ShellData>> = [
      { user: { email: 'pat@example.com', side: 'employer' } },
      { ratingClaimDate: 'December 2, 2030' },
      { accessibilityEmail: 'other@jobwise.example' },
      { pageViewLabel: 'jobs results page' },
      { eventLogPath: '/elsewhere' },
      { googleSignIn: { clientId: 'id.apps.googleusercontent.com', scriptUrl: 'https://accounts.google.com/gsi/client' } },
    ];
    for (const change of others) {
      const shell = { ...base, ...change };
      expect(footerKey(shell), JSON.stringify(change)).toBe(footerKey(base));
      expect(html(shell), JSON.stringify(change)).toBe(html(base));
    }
  });

  it('changes with each field that changes the footer', () => {
    const keyed: Array<Partial<ShellData>> = [{ audience: 'employers' }, { year: 2031 }, { showLogoCredit: false }, { minimalFooter: true }];
    for (const change of keyed) {
      const shell = { ...base, ...change };
      expect(html(shell), JSON.stringify(change)).not.toBe(html(base));
      expect(footerKey(shell), JSON.stringify(change)).not.toBe(footerKey(base));
    }
  });
});
