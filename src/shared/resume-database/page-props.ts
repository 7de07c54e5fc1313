import type { LastActiveDays } from './constants';
import type { ProfileSectionsView } from '../seeker/profile-sections';

/** One result: never a name, email or phone (issue 12). */
export interface ResumeSearchResult {
  href: string;
  initials: string;
  headline: string;
  place: string;
  experience: string;
  lastActive: string;
  /** "12 mi away" when a place was searched. */
  distance: string | null;
  viewedThisMonth: boolean;
}

export interface ResumeSearchValues {
  q: string;
  location: string;
  radius: number;
  active: LastActiveDays | null;
}

export interface ResumeQuota {
  used: number;
  limit: number;
  left: number;
}

export type ResumeDatabasePageProps =
  | {
      access: 'plan';
      values: ResumeSearchValues;
      /** The place as understood, or a note that it was not. */
      placeNote: string | null;
      totalText: string;
      results: ResumeSearchResult[];
      page: number;
      prevHref: string | null;
      nextHref: string | null;
      quota: ResumeQuota;
    }
  | {
      access: 'upgrade';
      planName: string;
      plans: Array<{ name: string; price: string; views: string }>;
    };

export interface ResumeProfilePageProps {
  publicId: string;
  backHref: string;
  /** null when the quota is used up, or the profile is not opened yet (openAction): no profile is shown. */
  profile: {
    initials: string;
    headline: string;
    place: string;
    experience: string;
    lastActive: string;
    recentTitles: string[];
    /** The profile sections as decision 0236 allows: titles and dates, qualifications, skills, licences; no employer, school, issuer, description or link. */
    background: ProfileSectionsView;
    /** The file, never its name (a file name often holds the person's name). */
    resume: { href: string; kind: 'PDF' | 'Word' } | null;
  } | null;
  quota: ResumeQuota;
  /**
   * Set when the profile is not open yet and the request did not come from our own pages: the page
   * asks, and its button posts here to spend the view (decision 0226).
   */
  openAction: string | null;
  message: string | null;
  notice: string | null;
  /** The company's live jobs; `applied`: this person applied to it already, so it is not offered (decision 0296). */
  jobs: Array<{ id: string; title: string; place: string; invited: boolean; applied: boolean }>;
  /** Once the company invited them: its conversation with them (decision 0229). */
  messageHref?: string | null;
}

/** The switch on /candidate/about. */
export interface FindMeProps {
  optedIn: boolean;
  experience: string;
  hasProfile: boolean;
  notice: string | null;
  error: string | null;
}
