import { describe, expect, it } from 'vitest';
import { dateRangeIn, parseResumeText } from './resume-parse';

const RESUME = `Grace Hopper
grace@example.com · (512) 555-0199

Summary
Registered nurse with ten years on busy wards.

Work Experience
Charge Nurse, St. David's Medical Center   Mar 2019 – Present
• Led a team of 12 nurses on night shifts
• Cut handover time by a third
Staff Nurse at Seton Hospital
June 2014 - February 2019
Cared for 6 patients a shift

EDUCATION
University of Texas at Austin, Bachelor of Science in Nursing, 2010 – 2014

Skills:
Patient care, IV therapy; Epic EHR
• Triage
Patient Care
`;

describe('résumé parsing (decision 0302)', () => {
  it('reads work history, education and skills by their headings', () => {
    expect(parseResumeText(RESUME)).toEqual({
      work: [
        { title: 'Charge Nurse', employer: "St. David's Medical Center", start_month: '2019-03', end_month: '', current: true, description: 'Led a team of 12 nurses on night shifts\nCut handover time by a third' },
        { title: 'Staff Nurse', employer: 'Seton Hospital', start_month: '2014-06', end_month: '2019-02', current: false, description: 'Cared for 6 patients a shift' },
      ],
      education: [{ school: 'University of Texas at Austin', qualification: 'Bachelor of Science in Nursing', start_year: '2010', end_year: '2014' }],
      skills: ['Patient care', 'IV therapy', 'Epic EHR', 'Triage'],
    });
  });

  it.each([
    ['Jan 2019 – Present', { start: '2019-01', end: '', current: true }],
    ['03/2017 - 05/2021', { start: '2017-03', end: '2021-05', current: false }],
    ['2015 to 2018', { start: '2015-01', end: '2018-01', current: false }],
    ['Sept. 2020 — Dec 2022', { start: '2020-09', end: '2022-12', current: false }],
  ])('reads the date range %s', (text, expected) => {
    expect(dateRangeIn(text)).toMatchObject(expected);
  });

  it('finds nothing in text without the headings, and never throws on odd text', () => {
    expect(parseResumeText('Just a letter.\nNothing to see 2019 - 2020')).toEqual({ work: [], education: [], skills: [] });
    expect(parseResumeText('')).toEqual({ work: [], education: [], skills: [] });
    expect(parseResumeText('Experience\n13/2019 - 2020\n— — —\nSkills\n' + 'x'.repeat(80))).toEqual({ work: [], education: [], skills: [] });
  });

  it('reads a school on its own line with the qualification on the next', () => {
    expect(parseResumeText('Education\nAustin Community College 2008 - 2010\nAssociate of Applied Science').education).toEqual([
      { school: 'Austin Community College', qualification: 'Associate of Applied Science', start_year: '2008', end_year: '2010' },
    ]);
  });
});
