// The profile's sections (issue 43 "A profile worth reading", decision 0236): work history, education,
// skills, licences and certifications, links. Constants, paths and view types, without zod (pages import
// them); the schemas are in profile-sections-contract.ts.

export const PROFILE_SECTION_KINDS = ['work', 'education', 'skills', 'licences', 'links'] as const;
export type ProfileSectionKind = (typeof PROFILE_SECTION_KINDS)[number];

/** At most this many entries of each kind a person. */
export const PROFILE_SECTION_LIMITS: Record<ProfileSectionKind, number> = { work: 20, education: 10, skills: 50, licences: 20, links: 2 };

export const PROFILE_SECTION_LABELS: Record<ProfileSectionKind, { heading: string; one: string }> = {
  work: { heading: 'Work history', one: 'job' },
  education: { heading: 'Education', one: 'school' },
  skills: { heading: 'Skills', one: 'skill' },
  licences: { heading: 'Licences and certifications', one: 'licence or certification' },
  links: { heading: 'Links', one: 'link' },
};

export const LINK_KINDS = ['linkedin', 'portfolio'] as const;
export const LINK_LABELS: Record<(typeof LINK_KINDS)[number], string> = { linkedin: 'LinkedIn', portfolio: 'Portfolio' };

export const PROFILE_SECTION_MESSAGES = {
  limit: (kind: ProfileSectionKind) => `You can list up to ${PROFILE_SECTION_LIMITS[kind]} ${kind === 'skills' ? 'skills' : `entries under ${PROFILE_SECTION_LABELS[kind].heading}`}. Remove one to add another.`,
  duplicateSkill: 'You already listed this skill.',
  duplicateLink: 'You already have a link of this kind. Edit it instead.',
  notFound: 'This entry is no longer on your profile.',
  saved: 'Your profile is saved.',
  removed: 'Removed from your profile.',
} as const;

/** The form fields of each kind, as the page draws them (strings; a checkbox is 'on' or ''). */
export type SectionFormValues = Record<string, string>;

/** One entry as the seeker's own page edits it. */
export interface SectionEntryView {
  id: string;
  values: SectionFormValues;
}

/** A form sent back with errors: which kind, which entry (null = the add form), what was typed. */
export interface SectionFormState {
  kind: ProfileSectionKind;
  id: string | null;
  values: SectionFormValues;
  errors: Record<string, string>;
}

export interface ProfileSectionsEditProps {
  entries: Record<ProfileSectionKind, SectionEntryView[]>;
  form: SectionFormState | null;
  notice: string | null;
}

/**
 * What a reader sees: the application's employer sees all of it; the résumé database sees the copy
 * decision 0236 allows (no employer, school, issuer, description or link), so those are optional.
 */
export interface ProfileSectionsView {
  work: Array<{ title: string; employer: string | null; dates: string; description: string | null }>;
  education: Array<{ qualification: string; school: string | null; years: string }>;
  skills: string[];
  licences: Array<{ name: string; issuer: string | null; expires: string | null }>;
  links: Array<{ label: string; url: string }>;
}

export const EMPTY_SECTIONS_VIEW: ProfileSectionsView = { work: [], education: [], skills: [], licences: [], links: [] };

export function isEmptySectionsView(view: ProfileSectionsView): boolean {
  return PROFILE_SECTION_KINDS.every((kind) => view[kind].length === 0);
}

export const profileSectionPath = (kind: ProfileSectionKind, id?: string) => `/candidate/about/sections/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`;
export const profileSectionDeletePath = (kind: ProfileSectionKind, id: string) => `${profileSectionPath(kind, id)}/delete`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2021-03" -> "Mar 2021". */
export function monthLabel(value: string): string {
  const [y, m] = value.split('-');
  return MONTHS[Number(m) - 1] ? `${MONTHS[Number(m) - 1]} ${y}` : value;
}
export function workDates(entry: { start_month: string; end_month: string; current: boolean }): string {
  return `${monthLabel(entry.start_month)} – ${entry.current ? 'now' : monthLabel(entry.end_month)}`;
}
export function educationYears(entry: { start_year: string; end_year: string }): string {
  return [entry.start_year, entry.end_year].filter(Boolean).join(' – ');
}
