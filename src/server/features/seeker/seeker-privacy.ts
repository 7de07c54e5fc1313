// The seeker's own rows for an export, and their erasure (decision 0225). Applications are the one kind
// of row that stays: the employer keeps the fact of an application, not the person.
import { isStage, seekerStageLabel } from '../../../shared/applicants/stages';
import type { Db } from '../../db/database';
import { jobPath } from '../jobs/slugs';
import { findOnboarding } from './onboarding.repository';
import { deleteProfileEntries } from './profile-sections.repository';
import { profileSections } from './profile-sections';

const jobColumns = ['j.id as job_id', 'j.title as job_title', 'j.company_name', 'j.city', 'j.state'] as const;
const jobOf = (row: { job_id: string; job_title: string; company_name: string; city: string; state: string }) => ({
  title: row.job_title,
  company: row.company_name,
  place: [row.city, row.state].filter(Boolean).join(', '),
  path: jobPath({ id: row.job_id, title: row.job_title, city: row.city, state: row.state }),
});

/** Everything the seeker feature keeps about a person, with the storage keys of their résumé files. */
export async function seekerRecord(db: Db, accountId: string) {
  const [profile, resume, saved, searches, alerts, applications, clicks] = await Promise.all([
    db.selectFrom('seeker_profiles').select(['full_name', 'phone', 'location', 'headline', 'updated_at']).where('account_id', '=', accountId).executeTakeFirst(),
    db.selectFrom('resumes').select(['storage_key', 'file_name', 'content_type', 'size_bytes', 'uploaded_at']).where('account_id', '=', accountId).executeTakeFirst(),
    db.selectFrom('saved_jobs as s').innerJoin('jobs as j', 'j.id', 's.job_id').select([...jobColumns, 's.created_at']).where('s.account_id', '=', accountId).orderBy('s.created_at', 'desc').execute(),
    db.selectFrom('job_searches').select(['search', 'location', 'created_at']).where('account_id', '=', accountId).orderBy('created_at', 'desc').execute(),
    db.selectFrom('job_alerts').select(['id', 'search', 'location', 'radius', 'frequency', 'created_at', 'last_sent_at', 'next_send_at']).where('account_id', '=', accountId).orderBy('created_at').execute(),
    db
      .selectFrom('job_applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .select([...jobColumns, 'a.id', 'a.full_name', 'a.email', 'a.phone', 'a.location', 'a.headline', 'a.resume_storage_key', 'a.created_at', 'a.stage', 'a.opened_at', 'a.withdrawn_at'])
      .where('a.account_id', '=', accountId)
      .orderBy('a.created_at', 'desc')
      .execute(),
    db.selectFrom('external_apply_clicks as c').innerJoin('jobs as j', 'j.id', 'c.job_id').select([...jobColumns, 'c.created_at']).where('c.account_id', '=', accountId).orderBy('c.created_at', 'desc').execute(),
  ]);
  const onboarding = await findOnboarding(db, accountId);
  // Work history, education, skills, licences and links (decision 0236), as the person entered them.
  const { work, education, skills, licences, links } = await profileSections(db, accountId);
  return {
    onboarding: onboarding ? { ...onboarding.answers, skipped: onboarding.skipped, completedAt: onboarding.completedAt } : null,
    profile: profile ? { fullName: profile.full_name, phone: profile.phone, location: profile.location, headline: profile.headline, updatedAt: Number(profile.updated_at) } : null,
    profileSections: {
      workHistory: work.map(({ id: _id, ...entry }) => entry),
      education: education.map(({ id: _id, ...entry }) => entry),
      skills: skills.map((entry) => entry.name),
      licences: licences.map(({ id: _id, ...entry }) => entry),
      links: links.map(({ id: _id, ...entry }) => entry),
    },
    resume: resume ? { fileName: resume.file_name, contentType: resume.content_type, sizeBytes: Number(resume.size_bytes), uploadedAt: Number(resume.uploaded_at), storageKey: resume.storage_key } : null,
    savedJobs: saved.map((row) => ({ job: jobOf(row), savedAt: Number(row.created_at) })),
    searches: searches.map((row) => ({ search: row.search, location: row.location, at: Number(row.created_at) })),
    alerts: alerts.map((row) => ({
      search: row.search,
      location: row.location,
      radiusMiles: Number(row.radius),
      frequency: row.frequency,
      createdAt: Number(row.created_at),
      lastSentAt: Number(row.last_sent_at),
      nextSendAt: Number(row.next_send_at),
    })),
    applications: applications.map((row) => ({
      id: row.id,
      job: jobOf(row),
      appliedAt: Number(row.created_at),
      sent: { fullName: row.full_name, email: row.email, phone: row.phone, location: row.location, headline: row.headline },
      resumeStorageKey: row.resume_storage_key,
      // What the seeker sees on My jobs, never the team's rating, notes or match.
      status: row.withdrawn_at !== null ? 'Withdrawn' : seekerStageLabel(isStage(row.stage) ? row.stage : 'new', row.opened_at !== null),
      withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    })),
    externalApplyClicks: clicks.map((row) => ({ job: jobOf(row), at: Number(row.created_at) })),
  };
}

/** The names and phones a person sent with their profile and applications: what an erase looks for elsewhere. */
export async function seekerNeedles(db: Db, accountId: string): Promise<string[]> {
  const profile = await db.selectFrom('seeker_profiles').select(['full_name', 'phone']).where('account_id', '=', accountId).executeTakeFirst();
  const sent = await db.selectFrom('job_applications').select(['full_name', 'phone', 'email']).where('account_id', '=', accountId).execute();
  return [profile?.full_name, profile?.phone, ...sent.flatMap((row) => [row.full_name, row.phone, row.email])].filter((value): value is string => Boolean(value));
}

/** The storage keys of the person's résumé files (the current one and those sent with applications). */
export async function seekerStorageKeys(db: Db, accountId: string): Promise<string[]> {
  const resume = await db.selectFrom('resumes').select('storage_key').where('account_id', '=', accountId).executeTakeFirst();
  const sent = await db.selectFrom('job_applications').select('resume_storage_key').where('account_id', '=', accountId).where('resume_storage_key', 'is not', null).execute();
  return [...new Set([resume?.storage_key, ...sent.map((row) => row.resume_storage_key)].filter((key): key is string => Boolean(key)))];
}

/**
 * Deletes the profile and its sections, résumé row, saved jobs, searches, alerts and their deliveries; forgets the
 * external apply clicks' account; empties the applications of the person (name, email, phone, place,
 * headline, résumé, match) and marks them withdrawn. Answers the applications' ids (their answers and
 * notes go too, in the features that own them).
 */
export async function eraseSeekerRows(db: Db, accountId: string, now: number): Promise<{ applicationIds: string[] }> {
  await db.deleteFrom('seeker_profiles').where('account_id', '=', accountId).execute();
  await deleteProfileEntries(db, accountId);
  await db.deleteFrom('resumes').where('account_id', '=', accountId).execute();
  await db.deleteFrom('saved_jobs').where('account_id', '=', accountId).execute();
  await db.deleteFrom('job_searches').where('account_id', '=', accountId).execute();
  await db.deleteFrom('seeker_onboarding').where('account_id', '=', accountId).execute();
  await db.deleteFrom('alert_deliveries').where('alert_id', 'in', db.selectFrom('job_alerts').select('id').where('account_id', '=', accountId)).execute();
  await db.deleteFrom('job_alerts').where('account_id', '=', accountId).execute();
  await db.updateTable('external_apply_clicks').set({ account_id: null }).where('account_id', '=', accountId).execute();
  const applications = await db.selectFrom('job_applications').select(['id', 'withdrawn_at']).where('account_id', '=', accountId).execute();
  for (const application of applications) {
    await db
      .updateTable('job_applications')
      .set({
        full_name: '',
        email: '',
        phone: '',
        location: '',
        headline: '',
        resume_storage_key: null,
        match_score: null,
        match_reasons: null,
        distance_miles: null,
        withdrawn_at: application.withdrawn_at ?? now,
      })
      .where('id', '=', application.id)
      .execute();
  }
  return { applicationIds: applications.map((row) => row.id) };
}
