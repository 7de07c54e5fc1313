// Every page the server renders, by name, with the type of its props: the server's renderPage and the
// client's page registry both check against this map, so a page given the wrong props fails to compile.
// Types only (no runtime code): a page added here must also be added to src/web/page-registry.ts.
import type { AdminAnalyticsProps } from './analytics/funnel';
import type { GotHiredPageProps } from './follow-up/follow-up';
import type { CandidateReferencesPageProps, GiverAlertPageProps, SubmitReferencePageProps } from './references/references';
import type { UserAccountProps } from './applicant-mail/settings';
import type { OnboardPageProps, SeekerSettingsProps } from './seeker/onboarding';
import type { UserUnsubscribePageProps } from './mail/kinds';
import type { NotificationsPageProps } from './notifications/notifications';
import type { ProfilePageProps } from './spotlight/page-props';
import type { ApplicantPageProps, InboxPageProps } from './applicants/page-props';
import type {
  CompanyCloseProps,
  CompanyCreateProps,
  CompanyPublicProps,
  CompanyReactivateProps,
  CompanySettingsProps,
  CompanyTeamProps,
  InvitationPageProps,
  PlansPageProps,
  PlanTrialProps,
  PlanUsageProps,
} from './companies/page-props';
import type { BrowsePageProps, JobPageProps, NearMePageProps, SalariesIndexProps, SalaryPageProps, SearchResultsProps } from './jobs/page-props';
import type { DashboardPageProps, ModerationPageProps, PostJobPageProps, QuestionSetsPageProps } from './employer-jobs/page-props';
import type { EmployerSurveyPageProps, FirstJobSharePageProps } from './employer-jobs/first-run';
import type { JobModerationPageProps, JobReportPageProps } from './employer-jobs/moderation';
import type { AccountErasePageProps, ErasedApplicantPageProps } from './privacy/constants';
import type { ConversationPageProps, MessageReportsPageProps, MessagesListProps } from './messages/constants';
import type { RegistrationPageProps } from './registration/pages';
import type { InterviewPageProps, ProposeInterviewPageProps } from './interviews/interviews';
import type { ResumeDatabasePageProps, ResumeProfilePageProps } from './resume-database/page-props';
import type { ApplyPageProps } from './seeker/apply-flow';
import type { ResumeImportPageProps } from './seeker/resume-import';
import type { AboutPageProps, AlertsPageProps, JobseekerHomeProps, MyJobsProps, ResumePageProps, SavedJobsProps, UnsubscribePageProps } from './seeker/page-props';
import type { AdminQueueProps } from './queue/page-props';

export interface LandingPageProps {
  showClosedJobAlert: boolean;
}

export interface ContentPageProps {
  title: string;
  /** Rendered from our own markdown files at start-up: trusted markup. */
  html: string;
}

/** A page that takes no props. */
export type NoProps = Record<string, never>;

export interface PagePropsMap {
  landing: LandingPageProps;
  content: ContentPageProps;
  'seeker-login': RegistrationPageProps;
  'seeker-register': RegistrationPageProps;
  'seeker-home': JobseekerHomeProps;
  'not-found': NoProps;
  'job-results': SearchResultsProps;
  job: JobPageProps;
  browse: BrowsePageProps;
  salaries: SalariesIndexProps;
  salary: SalaryPageProps;
  'jobs-near-me': NearMePageProps;
  'admin-analytics': AdminAnalyticsProps;
  'saved-jobs': SavedJobsProps;
  'my-jobs': MyJobsProps;
  'got-hired': GotHiredPageProps;
  'seeker-references': CandidateReferencesPageProps;
  'submit-reference': SubmitReferencePageProps;
  'reference-giver-alert': GiverAlertPageProps;
  'seeker-about': AboutPageProps;
  'seeker-onboard': OnboardPageProps;
  'seeker-settings': SeekerSettingsProps;
  'seeker-resume': ResumePageProps;
  'seeker-apply': ApplyPageProps;
  'seeker-resume-import': ResumeImportPageProps;
  'seeker-alerts': AlertsPageProps;
  'seeker-unsubscribe': UnsubscribePageProps;
  'employer-login': RegistrationPageProps;
  'company-create': CompanyCreateProps;
  'company-settings': CompanySettingsProps;
  'company-team': CompanyTeamProps;
  'company-invitation': InvitationPageProps;
  company: CompanyPublicProps;
  plans: PlansPageProps;
  'plan-usage': PlanUsageProps;
  'plan-trial': PlanTrialProps;
  'company-close': CompanyCloseProps;
  'company-reactivate': CompanyReactivateProps;
  'post-job': PostJobPageProps;
  'question-sets': QuestionSetsPageProps;
  'employer-dashboard': DashboardPageProps;
  'admin-moderation': ModerationPageProps;
  'admin-moderation-job': JobModerationPageProps;
  'employer-survey': EmployerSurveyPageProps;
  'first-job-share': FirstJobSharePageProps;
  'job-report': JobReportPageProps;
  'admin-queue': AdminQueueProps;
  profile: ProfilePageProps;
  'applicants-inbox': InboxPageProps;
  applicant: ApplicantPageProps;
  'user-account': UserAccountProps;
  'user-unsubscribe': UserUnsubscribePageProps;
  'resume-database': ResumeDatabasePageProps;
  'resume-database-profile': ResumeProfilePageProps;
  'account-erase': AccountErasePageProps;
  'applicant-erased': ErasedApplicantPageProps;
  messages: MessagesListProps;
  conversation: ConversationPageProps;
  'admin-message-reports': MessageReportsPageProps;
  notifications: NotificationsPageProps;
  interview: InterviewPageProps;
  'interview-propose': ProposeInterviewPageProps;
}

export type PageName = keyof PagePropsMap;
