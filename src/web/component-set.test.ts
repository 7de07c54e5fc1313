import { describe, expect, it } from 'vitest';

// Every page and feature draws its controls with the component set (docs/design.md, decisions 0316,
// 0321, 0323, 0331, 0332 and 0334): it writes <Button>, <LinkButton>, <SelectField>, <CheckboxField>,
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

const rawIn = (source: string) => RAW.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);

describe('the pages and features use the component set', () => {
  it('reads the pages, the features and the shell', () => {
    for (const file of ['./pages/applicant-page.tsx', './pages/post-job-page.tsx', './features/interviews/interview-card.tsx', './shell/header.tsx']) expect(Object.keys(SOURCES)).toContain(file);
  });

  it('lists only files that exist', () => {
    for (const file of Object.keys(EXEMPT)) expect(Object.keys(SOURCES), file).toContain(file);
  });

  it('finds no raw control outside the exempt files', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([file]) => !(file in EXEMPT))
      .map(([file, source]) => [file, rawIn(source)] as const)
      .filter(([, found]) => found.length > 0);
    expect(offenders).toEqual([]);
  });
});
