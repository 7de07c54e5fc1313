// Types only: the contract between the companies routes and their pages.
import type { ApplicantEmailsSettings } from '../applicant-mail/settings';
import type { CompanyRole } from './constants';
import type { PlanId } from './plans';

/** The company form's fields as typed (kept when a field is refused). */
export interface CompanyFormValues {
  name: string;
  website: string;
  size_band: string;
  industry: string;
  description: string;
}
export type CompanyFormErrors = Partial<Record<keyof CompanyFormValues, string>>;

export interface CompanyCreateProps {
  values: CompanyFormValues;
  errors: CompanyFormErrors;
  /** Our own path to go on to after creating (e.g. /post-a-job), or null. */
  next: string | null;
}

export interface CompanySettingsProps {
  values: CompanyFormValues;
  errors: CompanyFormErrors;
  notice: string | null;
  logoUrl: string | null;
  logoError: string | null;
  publicHref: string;
  canEdit: boolean;
  plan: { id: PlanId; name: string; liveJobs: number };
  pendingReview: boolean;
  /** The company's emails to applicants (issue 12): rejection emails. */
  applicantEmails: ApplicantEmailsSettings;
  /** What to paste on the company's own careers page to show its open jobs (decision 0268). */
  embed: { snippet: string; previewHref: string };
}

export interface TeamMember {
  accountId: string;
  email: string;
  role: CompanyRole;
  roleLabel: string;
  joined: string;
  isYou: boolean;
  canRemove: boolean;
}

export interface TeamInvitation {
  id: string;
  email: string;
  expires: string;
}

export interface CompanyTeamProps {
  members: TeamMember[];
  invitations: TeamInvitation[];
  isOwner: boolean;
  inviteEmail: string;
  inviteError: string | null;
  notice: string | null;
  error: string | null;
}

export type InvitationState = 'sign_in' | 'ready' | 'other_email' | 'other_company' | 'expired' | 'used' | 'invalid';

export interface InvitationPageProps {
  state: InvitationState;
  token: string;
  companyName: string | null;
  invitedEmail: string | null;
  signedInAs: string | null;
  loginHref: string;
  message: string | null;
}

export interface CompanyJobItem {
  title: string;
  href: string;
  place: string;
  employmentType: string;
  pay: string | null;
  posted: string;
}

export interface CompanyPublicProps {
  name: string;
  slug: string;
  logoUrl: string | null;
  website: string | null;
  websiteLabel: string | null;
  sizeLabel: string | null;
  industry: string | null;
  description: string;
  jobs: CompanyJobItem[];
  jobCount: number;
  /** "Responds to 85% of applicants, usually within 2 days" once 10 applications count (decision 0232); else null. */
  response?: string | null;
}

export interface PlanCard {
  id: PlanId;
  name: string;
  price: string;
  summary: string;
  features: string[];
  current: boolean;
}

export interface PlansPageProps {
  plans: PlanCard[];
  /** Signed in as an employer with a company: "Choose plan" records the request. */
  canChoose: boolean;
  currentPlan: PlanId | null;
  /** Where a visitor goes to choose (the employer login, then back here). */
  loginHref: string;
  notice: string | null;
  error: string | null;
}
