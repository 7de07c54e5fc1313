// The résumé database's public module: what other features (the seeker's /candidate/about page, the
// inbox's résumé access rule) may use. Rows become what employers see here, and nothing else: never a
// name, email or phone (issue 12, decision 0160).
import { z } from 'zod';
import type { Db } from '../../db/database';
import { MAX_EXPERIENCE_LENGTH, RESUME_DATABASE_MESSAGES } from '../../../shared/resume-database/constants';
import type { FindMeProps } from '../../../shared/resume-database/page-props';
import { hasRadius, parseLocation, stateName, type Place } from '../jobs/places';
import { findProfile } from '../seeker/seeker.repository';
import { profileSections, type ProfileSections } from '../seeker/profile-sections';
import { EMPTY_SECTIONS_VIEW, educationYears, monthLabel, workDates, type ProfileSectionsView } from '../../../shared/seeker/profile-sections';
import { findSearchableSeeker, monthOf, recentJobTitles, removeSearchableSeeker, upsertSearchableSeeker, viewsUsed, type SearchableFields } from './resume-database.repository';

/** "Maria de la Cruz" -> "M. C."; letters only, so nothing else of the name shows. */
export function initialsOf(fullName: string): string {
  const words = fullName.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  const meaningful = words.filter((word) => word.length > 1 || words.length <= 2);
  const first = meaningful[0]?.[0];
  const last = meaningful.length > 1 ? meaningful[meaningful.length - 1]![0] : undefined;
  return [first, last].filter(Boolean).map((letter) => `${letter!.toUpperCase()}.`).join(' ') || '?';
}

/**
 * Where the person is, as employers see it: a city and state, a state, or "Remote", and only as the
 * place list names it, never as typed. A street address is read from its end ("12 Elm St, Austin, TX
 * 78701" is Austin, TX) only when that end names the state or is a ZIP code; anything not recognised
 * is kept as no place at all (the pages say "Location not shown"), so a street, ZIP code or postcode
 * the person typed never reaches an employer or the searchable row (decision 0226).
 */
export function publicPlace(location: string): Pick<SearchableFields, 'place' | 'state' | 'latitude' | 'longitude'> {
  const place = recognisedPlace(location);
  if (hasRadius(place)) return { place: `${place.city}, ${place.state}`, state: place.state, latitude: place.latitude, longitude: place.longitude };
  if (place?.kind === 'state') return { place: place.stateName, state: place.state, latitude: null, longitude: null };
  if (place?.kind === 'remote') return { place: place.label, state: null, latitude: null, longitude: null };
  return { place: '', state: null, latitude: null, longitude: null };
}

function recognisedPlace(location: string): Place | null {
  const whole = parseLocation(location);
  if (whole.status === 'found') return whole.place;
  const parts = location.split(',');
  for (let start = 1; start < parts.length; start += 1) {
    const tail = parts.slice(start).join(',');
    const parsed = parseLocation(tail);
    if (parsed.status !== 'found') continue;
    const { place } = parsed;
    // A city name alone picks the largest city of that name: from the end of an address that is a guess.
    if (place.kind === 'zip' || (place.kind !== 'remote' && namesState(tail, place.state))) return place;
  }
  return null;
}

function namesState(text: string, state: string): boolean {
  const words = text.toLowerCase().split(/[^a-z]+/);
  const name = stateName(state)?.toLowerCase();
  return words.includes(state.toLowerCase()) || (name !== undefined && text.toLowerCase().includes(name));
}

async function searchableFields(db: Db, accountId: string, experience: string): Promise<SearchableFields | null> {
  const profile = await findProfile(db, accountId);
  if (!profile || profile.location.trim() === '') return null;
  const [titles, sections] = await Promise.all([recentJobTitles(db, accountId), profileSections(db, accountId)]);
  const background = resumeBackground(sections);
  return {
    initials: initialsOf(profile.full_name),
    headline: profile.headline.trim(),
    experience,
    titles: titles.join(' · '),
    background: JSON.stringify(background),
    background_text: [...background.skills, ...background.work.map((entry) => entry.title), ...background.education.map((entry) => entry.qualification), ...background.licences.map((entry) => entry.name)].join(' · '),
    ...publicPlace(profile.location),
  };
}

/**
 * What the résumé database keeps of the profile sections (decision 0236, as FIND_ME_COPY promises): job
 * titles with their dates, qualifications with their years, skills, and licence names with their
 * expiry. Never an employer, a school, an issuer, a description or a link: each can name the person
 * (a small employer, a LinkedIn address), and what is not kept can be neither shown nor searched.
 */
export function resumeBackground(sections: ProfileSections): ProfileSectionsView {
  return {
    work: sections.work.map((entry) => ({ title: entry.title, employer: null, dates: workDates(entry), description: null })),
    education: sections.education.map((entry) => ({ qualification: entry.qualification, school: null, years: educationYears(entry) })),
    skills: sections.skills.map((entry) => entry.name),
    licences: sections.licences.map((entry) => ({ name: entry.name, issuer: null, expires: entry.expires_month ? monthLabel(entry.expires_month) : null })),
    links: [],
  };
}

/** The stored copy as the résumé database's profile page shows it ('' before any is stored). */
export function storedBackground(background: string): ProfileSectionsView {
  if (!background) return EMPTY_SECTIONS_VIEW;
  try {
    return { ...EMPTY_SECTIONS_VIEW, ...(JSON.parse(background) as Partial<ProfileSectionsView>), links: [] };
  } catch {
    return EMPTY_SECTIONS_VIEW;
  }
}

/**
 * Brings the person's searchable row up to date with their profile and recent jobs, if they are in the
 * résumé database (called when they save their profile, and once a day from their activity).
 */
export async function refreshSearchableSeeker(db: Db, accountId: string, now: number): Promise<void> {
  const row = await findSearchableSeeker(db, accountId);
  if (!row) return;
  const fields = await searchableFields(db, accountId, row.experience);
  if (fields) await upsertSearchableSeeker(db, accountId, fields, now);
  else await removeSearchableSeeker(db, accountId);
}

export const FindMeFormSchema = z.object({
  find_me: z.preprocess((value) => (Array.isArray(value) ? value[value.length - 1] : value), z.string().max(10).optional()),
  experience: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().max(MAX_EXPERIENCE_LENGTH * 2).optional()),
});

/** The switch: on (with an optional experience summary) needs a saved profile with a location; off deletes the row. */
export async function setFindMe(db: Db, accountId: string, form: z.infer<typeof FindMeFormSchema>, now: number): Promise<'on' | 'off' | 'profile_needed'> {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a summary
  const experience = (form.experience ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim().slice(0, MAX_EXPERIENCE_LENGTH);
  if (form.find_me !== 'on') {
    await removeSearchableSeeker(db, accountId);
    return 'off';
  }
  const fields = await searchableFields(db, accountId, experience);
  if (!fields) return 'profile_needed';
  await upsertSearchableSeeker(db, accountId, fields, now);
  return 'on';
}

const FindMeQuerySchema = z.object({ find_me: z.enum(['on', 'off', 'profile_needed']).optional().catch(undefined) }).catch({});

/** What /candidate/about shows in its "Let employers find me" section. */
export async function findMeProps(db: Db, accountId: string, query: unknown): Promise<FindMeProps> {
  const [row, profile] = await Promise.all([findSearchableSeeker(db, accountId), findProfile(db, accountId)]);
  const notice = FindMeQuerySchema.parse(query ?? {}).find_me;
  return {
    optedIn: Boolean(row),
    experience: row?.experience ?? '',
    hasProfile: Boolean(profile),
    notice: notice === 'on' ? RESUME_DATABASE_MESSAGES.findMeOn : notice === 'off' ? RESUME_DATABASE_MESSAGES.findMeOff : null,
    error: notice === 'profile_needed' ? RESUME_DATABASE_MESSAGES.profileNeeded : null,
  };
}

/** Profiles the company opened this calendar month (UTC), as its quota counts them (decision 0161): the plan page shows it. */
export async function resumeViewsThisMonth(db: Db, companyId: string, now: number): Promise<number> {
  return viewsUsed(db, companyId, monthOf(now));
}
