import { describe, expect, it } from 'vitest';

// Every page and feature draws its controls with the component set (docs/design.md, decisions 0316,
// 0321, 0323, 0331 and 0332): it writes <Button>, <LinkButton>, <SelectField>, <CheckboxField>,
// <RadioGroup>, <Badge> and <Card>, never the raw element with the components' class names or a
// hand-made badge beside them.
const SOURCES = import.meta.glob(['./**/*.tsx', '!./**/*.test.tsx', '!./ui/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const RAW = [
  { what: 'a button class name', pattern: /className="(?:[^"]* )?button[ "]/ },
  { what: 'a raw select', pattern: /<select\b/ },
  // An attribute, not a CSS selector naming one (input:not([type="checkbox"])).
  { what: 'a raw checkbox or radio', pattern: /(?<!\[)type="(checkbox|radio)"/ },
  { what: 'a hand-made badge', pattern: /className="[^"]*(?:applicant-badge|job-status|interview-status is-|resume-applied-badge)/ },
];

/** Files that draw their own controls, each for a reason that stands. */
const EXEMPT: Record<string, string> = {
  // The landing page loads no component stylesheet (its 75 KB budget): base.css draws its buttons (decision 0329).
  './pages/landing-page.tsx': 'landing budget',
  './shell/header.tsx': 'landing budget',
  './features/registration/forms/confirmation-form.tsx': 'landing budget',
  './features/registration/forms/code-step-form.tsx': 'landing budget',
  // Five radios drawn as stars: a rating, not a list of choices.
  './features/applicants/rating-stars.tsx': 'a star rating',
};

/** Files still drawn with raw controls: issue 45's remaining work. The list may only shrink. */
const STILL_RAW = [
  './features/applicant-mail/applicant-emails-card.tsx',
  './features/employer-jobs/copy-link-button.tsx',
  './features/resume-database/find-me-section.tsx',
  './features/spotlight/spotlight-dialog.tsx',
  './features/spotlight/spotlight-section.tsx',
  './pages/company-close-page.tsx',
  './pages/company-invitation-page.tsx',
  './pages/company-reactivate-page.tsx',
  './pages/employer-survey-page.tsx',
  './pages/first-job-share-page.tsx',
  './pages/plan-trial-page.tsx',
  './pages/plan-usage-page.tsx',
  './pages/plans-page.tsx',
  './pages/profile-page.tsx',
  './pages/question-sets-page.tsx',
  './pages/seeker-home-page.tsx',
  './pages/seeker-resume-import-page.tsx',
  './pages/seeker-resume-page.tsx',
  './pages/user-account-page.tsx',
];

const rawIn = (source: string) => RAW.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);

describe('the pages and features use the component set', () => {
  it('reads the pages, the features and the shell', () => {
    for (const file of ['./pages/applicant-page.tsx', './pages/post-job-page.tsx', './features/interviews/interview-card.tsx', './shell/header.tsx']) expect(Object.keys(SOURCES)).toContain(file);
  });

  it('lists only files that exist', () => {
    for (const file of [...Object.keys(EXEMPT), ...STILL_RAW]) expect(Object.keys(SOURCES), file).toContain(file);
  });

  it('finds no raw control outside the exempt files and those still to do', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([file]) => !(file in EXEMPT) && !STILL_RAW.includes(file))
      .map(([file, source]) => [file, rawIn(source)] as const)
      .filter(([, found]) => found.length > 0);
    expect(offenders).toEqual([]);
  });

  it('takes a file off the still-to-do list once it is done', () => {
    expect(STILL_RAW.filter((file) => rawIn(SOURCES[file] ?? '').length === 0)).toEqual([]);
  });
});
