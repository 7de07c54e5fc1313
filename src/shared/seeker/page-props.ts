// Types only: the contract between the seeker routes and their pages.
import type { JobCard } from '../jobs/page-props';

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

export interface MyJobsProps {
  applied: SeekerJob[];
  saved: SeekerJob[];
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
