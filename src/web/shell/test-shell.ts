import type { ShellData } from '../../shared/page-data';

/** A visitor's shell for component tests; pass only what the test is about. */
export function testShell(overrides: Partial<ShellData> = {}): ShellData {
  return {
    audience: 'logged-out',
    user: null,
    year: 2026,
    ratingClaimDate: 'November 1, 2026',
    accessibilityEmail: 'a11y@jobwise.example',
    showLogoCredit: true,
    minimalFooter: false,
    pageViewLabel: 'job search home',
    eventLogPath: '/events/log',
    ...overrides,
  };
}
