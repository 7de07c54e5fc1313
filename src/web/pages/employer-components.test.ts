import { describe, expect, it } from 'vitest';

// The employer's pages draw their controls with the component set (docs/design.md, decisions 0316,
// 0323, 0331 and 0332): a page writes <Button>, <SelectField>, <CheckboxField>, <RadioGroup>, <Badge> and <Card>, never
// the raw element with the components' class names or a hand-made badge beside them.
const ADOPTED = import.meta.glob(
  [
    './applicants-inbox-page.tsx',
    './applicant-page.tsx',
    './resume-database-page.tsx',
    './resume-database-profile-page.tsx',
    './employer-dashboard-page.tsx',
    './interview-page.tsx',
    './interview-propose-page.tsx',
    '../features/applicants/applicant-badges.tsx',
    '../features/applicants/follow-up-card.tsx',
    '../features/applicants/keyboard-help.tsx',
    '../features/applicants/applicant-references.tsx',
    '../features/applicants/applicant-sections.tsx',
    '../features/interviews/interview-card.tsx',
    '../features/interviews/applicant-interview-section.tsx',
    '../features/interviews/time-zone-select.tsx',
    './post-job-page.tsx',
    './company-create-page.tsx',
    '../features/employer-jobs/question-blocks.tsx',
    '../features/companies/company-fields.tsx',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;
const RAW = [
  { what: 'a button class name', pattern: /className="(?:[^"]* )?button[ "]/ },
  { what: 'a raw select', pattern: /<select\b/ },
  { what: 'a raw checkbox or radio', pattern: /type="(checkbox|radio)"/ },
  { what: 'a hand-made badge', pattern: /className="[^"]*(?:applicant-badge|job-status|interview-status is-|resume-applied-badge)/ },
];

describe('the employer pages use the component set', () => {
  it('reads every file it checks', () => expect(Object.keys(ADOPTED)).toHaveLength(19));
  for (const [file, source] of Object.entries(ADOPTED)) {
    it(file, () => {
      expect(RAW.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what)).toEqual([]);
    });
  }
});
