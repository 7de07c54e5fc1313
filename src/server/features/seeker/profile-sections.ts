// The profile sections as each reader sees them (decision 0236). Stored JSON is read through the kind's
// schema, so a row that no longer fits is left out rather than shown half-checked.
import type { Db } from '../../db/database';
import { PROFILE_SECTION_SCHEMAS, type ProfileSectionEntries } from '../../../shared/seeker/profile-sections-contract';
import {
  LINK_LABELS,
  PROFILE_SECTION_KINDS,
  educationYears,
  monthLabel,
  workDates,
  type ProfileSectionKind,
  type ProfileSectionsView,
  type SectionEntryView,
  type SectionFormValues,
} from '../../../shared/seeker/profile-sections';
import { listProfileEntries } from './profile-sections.repository';

export interface ProfileSections {
  work: Array<{ id: string } & ProfileSectionEntries['work']>;
  education: Array<{ id: string } & ProfileSectionEntries['education']>;
  skills: Array<{ id: string } & ProfileSectionEntries['skills']>;
  licences: Array<{ id: string } & ProfileSectionEntries['licences']>;
  links: Array<{ id: string } & ProfileSectionEntries['links']>;
}

export function isProfileSectionKind(value: string): value is ProfileSectionKind {
  return (PROFILE_SECTION_KINDS as readonly string[]).includes(value);
}

/** The person's entries, each checked by its kind's schema; work newest first. */
export async function profileSections(db: Db, accountId: string): Promise<ProfileSections> {
  const sections: ProfileSections = { work: [], education: [], skills: [], licences: [], links: [] };
  for (const row of await listProfileEntries(db, accountId)) {
    if (!isProfileSectionKind(row.kind)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(row.fields);
    } catch {
      continue;
    }
    const parsed = PROFILE_SECTION_SCHEMAS[row.kind].safeParse(raw);
    if (parsed.success) (sections[row.kind] as Array<{ id: string }>).push({ id: row.id, ...parsed.data });
  }
  sections.work.sort((a, b) => Number(b.current) - Number(a.current) || b.start_month.localeCompare(a.start_month));
  return sections;
}

/** What the form of an entry shows (a checkbox as 'on' or ''). */
export function formValuesOf(entry: Record<string, unknown>): SectionFormValues {
  const values: SectionFormValues = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'id') continue;
    values[key] = typeof value === 'boolean' ? (value ? 'on' : '') : String(value ?? '');
  }
  return values;
}

export function sectionsForEditing(sections: ProfileSections): Record<ProfileSectionKind, SectionEntryView[]> {
  const entries = {} as Record<ProfileSectionKind, SectionEntryView[]>;
  for (const kind of PROFILE_SECTION_KINDS) entries[kind] = sections[kind].map((entry) => ({ id: entry.id, values: formValuesOf(entry) }));
  return entries;
}

/** Everything: what the person sees of themselves, and the employer of an application they sent. */
export function fullSectionsView(sections: ProfileSections): ProfileSectionsView {
  return {
    work: sections.work.map((entry) => ({ title: entry.title, employer: entry.employer, dates: workDates(entry), description: entry.description || null })),
    education: sections.education.map((entry) => ({ qualification: entry.qualification, school: entry.school, years: educationYears(entry) })),
    skills: sections.skills.map((entry) => entry.name),
    licences: sections.licences.map((entry) => ({ name: entry.name, issuer: entry.issuer || null, expires: entry.expires_month ? monthLabel(entry.expires_month) : null })),
    links: sections.links.map((entry) => ({ label: LINK_LABELS[entry.kind], url: entry.url })),
  };
}
