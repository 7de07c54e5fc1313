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
  /** The free trial's page while the company can still start its one trial (decision 0309); else null. */
  trialHref: string | null;
  /** Where a visitor goes to choose (the employer login, then back here). */
  loginHref: string;
  notice: string | null;
  error: string | null;
}

/** One line of what the plan uses: "2 of 5 live jobs". `full` marks a limit reached. */
export interface PlanUsageLine {
  label: string;
  text: string;
  full: boolean;
}

/** /user/set-plan, /user/purchase-upgrade and /user/change-card: the plan & usage page (decision 0288). */
export interface PlanUsageProps {
  heading: string;
  planName: string;
  planLines: string[];
  usage: PlanUsageLine[];
  /** "3 jobs are paused until …", or null. */
  paused: string | null;
  /** A running trial: when it ends and what happens then. */
  trial: { endsAt: string; daysLeft: string } | null;
  /** "Your free trial of Standard ended on …" once it has. */
  trialEnded: string | null;
  /** On Free and never tried: the way to the trial. */
  trialHref: string | null;
  /** The owner asks sales for a paid plan here; others see who can. */
  request: { action: string; plans: Array<{ id: PlanId; name: string; price: string }>; chosen: string; lastAsked: string | null; error: string | null };
  notice: string | null;
  plansHref: string;
  /** The owner's way to close the company (decision 0289); null for others. */
  closeHref: string | null;
}

export type PlanTrialState = 'can_start' | 'owner_only' | 'used' | 'running' | 'paid';

/** /user/purchase-plan-simple: the free trial of Standard. */
export interface PlanTrialProps {
  state: PlanTrialState;
  planName: string;
  days: number;
  planLines: string[];
  /** Why the trial can't start, or when the running one ends. */
  message: string | null;
  action: string;
  planHref: string;
}

/** /employer/close: the confirm step. */
export interface CompanyCloseProps {
  companyName: string;
  isOwner: boolean;
  consequences: string[];
  error: string | null;
  action: string;
  cancelHref: string;
}

export type CompanyReactivateState = 'open' | 'can_reactivate' | 'owner_only' | 'too_late';

/** /employer/reactivate: a closed company's page (every member of a closed company is sent here). */
export interface CompanyReactivateProps {
  state: CompanyReactivateState;
  companyName: string;
  closedOn: string | null;
  /** "You can reactivate it until Feb 19, 2027." */
  deadline: string | null;
  message: string | null;
  notice: string | null;
  action: string;
  dashboardHref: string;
}
