// Public module of the seeker feature: what another feature (the spotlight's /profile page) may read.
import type { Db } from '../../db/database';
import type { ProfileSummary } from '../../../shared/seeker/page-props';
import { formatDate } from './seeker-jobs';
import { findProfile, findResume } from './seeker.repository';

/** The person's name, headline and place, and their résumé's name and date, as the profile page shows them. */
export async function profileSummary(db: Db, accountId: string): Promise<ProfileSummary> {
  const [profile, resume] = await Promise.all([findProfile(db, accountId), findResume(db, accountId)]);
  return {
    fullName: profile?.full_name || null,
    headline: profile?.headline || null,
    location: profile?.location || null,
    resume: resume ? { fileName: resume.file_name, uploaded: formatDate(Number(resume.uploaded_at)) } : null,
  };
}
