// The profile sections' schemas (decision 0236): one a kind validates the plain form post and the
// stored JSON alike. Server only in practice (pages import profile-sections.ts, which has no zod).
import { z } from 'zod';
import { LINK_KINDS } from './profile-sections';

/** A plain form sends one string a field; a repeated field sends an array, of which the last counts. */
const field = (max: number, required: string | null, tooLong: string) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value[value.length - 1] : (value ?? '')),
    required ? z.string().trim().min(1, required).max(max, tooLong) : z.string().trim().max(max, tooLong),
  );

const MONTH = /^(19[5-9]\d|20\d\d)-(0[1-9]|1[0-2])$/;
const month = (required: string | null) =>
  field(7, required, 'Pick a month and year.').refine((value) => value === '' || MONTH.test(value), { message: 'Pick a month and year.' });
const year = field(4, null, 'Type a year such as 2019.').refine((value) => value === '' || /^(19[5-9]\d|20\d\d)$/.test(value), { message: 'Type a year such as 2019.' });
/** A ticked box posts 'on'; the stored JSON holds true or false (read back through the same schema). */
const checkbox = z
  .preprocess((value) => (typeof value === 'boolean' ? (value ? 'on' : undefined) : Array.isArray(value) ? value[value.length - 1] : value), z.string().max(10).optional())
  .transform((value) => value === 'on');

export const WorkEntrySchema = z
  .object({
    title: field(100, 'Enter your job title.', 'Keep the job title to 100 characters.'),
    employer: field(100, 'Enter the employer.', 'Keep the employer to 100 characters.'),
    start_month: month('Pick the month you started.'),
    end_month: month(null),
    current: checkbox,
    description: field(500, null, 'Keep the description to 500 characters.'),
  })
  .superRefine((entry, ctx) => {
    if (entry.current && entry.end_month !== '') ctx.addIssue({ code: 'custom', path: ['end_month'], message: 'Leave the end month empty for a job you have now.' });
    if (!entry.current && entry.end_month === '') ctx.addIssue({ code: 'custom', path: ['end_month'], message: 'Pick the month you left, or tick "I work here now".' });
    if (entry.end_month !== '' && entry.start_month !== '' && entry.end_month < entry.start_month) ctx.addIssue({ code: 'custom', path: ['end_month'], message: 'The end month comes after the start month.' });
  });

export const EducationEntrySchema = z
  .object({
    school: field(120, 'Enter the school.', 'Keep the school to 120 characters.'),
    qualification: field(120, 'Enter the qualification, for example High school diploma.', 'Keep the qualification to 120 characters.'),
    start_year: year,
    end_year: year,
  })
  .superRefine((entry, ctx) => {
    if (entry.start_year !== '' && entry.end_year !== '' && entry.end_year < entry.start_year) ctx.addIssue({ code: 'custom', path: ['end_year'], message: 'The end year comes after the start year.' });
  });

export const SkillEntrySchema = z.object({ name: field(50, 'Enter a skill.', 'Keep a skill to 50 characters.') });

export const LicenceEntrySchema = z.object({
  name: field(120, 'Enter the licence or certification.', 'Keep the name to 120 characters.'),
  issuer: field(120, null, 'Keep the issuer to 120 characters.'),
  expires_month: month(null),
});

export const LinkEntrySchema = z
  .object({
    kind: z.preprocess((value) => (Array.isArray(value) ? value[value.length - 1] : value), z.enum(LINK_KINDS, { message: 'Choose LinkedIn or portfolio.' })),
    url: field(300, 'Enter the address, starting with https://.', 'Keep the address to 300 characters.'),
  })
  .superRefine((entry, ctx) => {
    if (entry.url === '') return;
    const url = URL.canParse(entry.url) ? new URL(entry.url) : null;
    // https only: a link an employer opens must not be javascript:, data: or plain http.
    if (!url || url.protocol !== 'https:' || url.username || url.password) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Enter an address that starts with https://.' });
      return;
    }
    const host = url.hostname.toLowerCase();
    if (entry.kind === 'linkedin' && host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) ctx.addIssue({ code: 'custom', path: ['url'], message: 'Enter your LinkedIn address (https://www.linkedin.com/in/...).' });
  })
  .transform((entry) => ({ ...entry, url: new URL(entry.url).toString() }));

export const PROFILE_SECTION_SCHEMAS = {
  work: WorkEntrySchema,
  education: EducationEntrySchema,
  skills: SkillEntrySchema,
  licences: LicenceEntrySchema,
  links: LinkEntrySchema,
} as const;

export type WorkEntry = z.output<typeof WorkEntrySchema>;
export type EducationEntry = z.output<typeof EducationEntrySchema>;
export type SkillEntry = z.output<typeof SkillEntrySchema>;
export type LicenceEntry = z.output<typeof LicenceEntrySchema>;
export type LinkEntry = z.output<typeof LinkEntrySchema>;
export interface ProfileSectionEntries {
  work: WorkEntry;
  education: EducationEntry;
  skills: SkillEntry;
  licences: LicenceEntry;
  links: LinkEntry;
}

