// Types only: the contract between the seeker routes and their pages.
import type { FindMeProps } from '../resume-database/page-props';
import type { EmailChoicesProps } from '../notifications/notifications';
import type { JobCard } from '../jobs/page-props';
import type { ProfileSectionsEditProps } from './profile-sections';

/** A job in the person's lists, with the state of their actions on it. */
export interface SeekerJob {
  card: JobCard;
  listingKey: string;
  saved: boolean;
  applied: boolean;
  /** "Saved Nov 21, 2026" / "Applied Nov 21, 2026" */
  note: string | null;
  open: boolean;
}

export interface SuggestedJob extends SeekerJob {
  reason: string;
}

export interface JobseekerHomeProps {
  email: string;
  placeLabel: string | null;
  jobs: SuggestedJob[];
  profileComplete: boolean;
  /** Came from a closed job (closed_job_redirect=1): the home page alert of spec 2.2. */
  showClosedJobAlert?: boolean;
  /** The person has answered at least one spotlight prompt (else the home page offers it). */
  hasSpotlight: boolean;
}

export interface SavedJobsProps {
  jobs: SeekerJob[];
}

/** An application on My Jobs: its stage as the seeker sees it (seekerStageLabel), and the withdraw form. */
export interface SeekerApplication {
  stageLabel: string;
  withdrawn: boolean;
  /** POST here to withdraw; null once withdrawn. */
  withdrawHref: string | null;
}

export interface MyJobsProps {
  applied: Array<SeekerJob & { application: SeekerApplication | null }>;
  saved: SeekerJob[];
  notice?: string | null;
}

export interface ProfileFormValues {
  full_name: string;
  phone: string;
  location: string;
  headline: string;
}

export interface AboutPageProps {
  values: ProfileFormValues;
  errors: Partial<Record<keyof ProfileFormValues, string>>;
  saved: boolean;
  next: string | null;
  /** "Let employers find me" (the résumé database, issue 12). */
  findMe: FindMeProps;
  /** The emails this person can turn off (decision 0228). */
  emailChoices: EmailChoicesProps;
  /** Work history, education, skills, licences, links: one plain form a kind and an entry (decision 0236). */
  sections: ProfileSectionsEditProps;
}

export interface ResumePageProps {
  resume: { fileName: string; size: string; uploaded: string } | null;
  error: string | null;
  uploaded: boolean;
}

export interface AlertView {
  id: string;
  label: string;
  search: string;
  location: string;
  radius: number;
  frequency: string;
  searchHref: string;
}

export interface AlertsPageProps {
  alerts: AlertView[];
  max: number;
  notice: string | null;
  error: string | null;
  unsubscribed: boolean;
  /** Paused on /candidate/gothired (decision 0232): no digest until resumed. */
  paused?: boolean;
}

export interface UnsubscribePageProps {
  token: string;
  state: 'confirm' | 'done' | 'invalid';
  alertLabel: string | null;
}

/** The profile as its page (/profile) shows it: read from the seeker's profile and résumé. */
export interface ProfileSummary {
  fullName: string | null;
  headline: string | null;
  location: string | null;
  resume: { fileName: string; uploaded: string } | null;
}
