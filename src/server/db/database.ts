import type { Kysely } from 'kysely';
import type { EventLogTable } from '../features/analytics/event-log.table';
import type { AccountsTable } from '../features/accounts/accounts.table';
import type { ErrorReportsTable } from '../features/error-reports/error-reports.table';
import type { DevMailboxTable } from '../features/mail/dev-mailbox.table';
import type { QueueJobsTable } from '../features/queue/queue-jobs.table';
import type { OneTimeCodesTable } from '../features/one-time-codes/one-time-codes.table';
import type { RateLimitCountersTable } from '../features/rate-limits/rate-limit-counters.table';
import type { SessionsTable } from '../features/sessions/sessions.table';
import type { SmsOptInsTable } from '../features/sms/sms-opt-ins.table';
import type { JobTable } from '../features/jobs/jobs.table';
import type { SeedRestoreTable } from './seed-restore.table';
import type { EmployerSurveysTable } from '../features/employer-jobs/employer-survey.table';
import type { JobAuditLogTable, JobReportsTable } from '../features/employer-jobs/moderation.table';
import type { CompanyInvitationsTable, CompanyMembersTable, CompanyTable, PlanRequestsTable } from '../features/companies/companies.table';
import type { ObservationBatchTable, ObservationTable } from '../features/analytics/observation.table';
import type { AccountIdentitiesTable } from '../features/google-sign-in/account-identities.table';
import type { GoogleSignInNoncesTable } from '../features/google-sign-in/google-nonces.table';
import type {
  AlertDeliveriesTable,
  ExternalApplyClicksTable,
  JobAlertsTable,
  JobApplicationsTable,
  JobSearchesTable,
  ResumesTable,
  SavedJobsTable,
  SeekerProfilesTable,
} from '../features/seeker/seeker.table';
import type { ScheduledJobsTable } from '../features/scheduler/scheduled-jobs.table';
import type { StoredFileChunksTable, StoredFilesTable } from '../features/storage/storage.table';
import type {
  JobApplicationAnswersTable,
  JobDailyFiguresTable,
  JobScreeningQuestionsTable,
  ScreeningQuestionSetsTable,
} from '../features/employer-jobs/employer-jobs.table';
import type { SpotlightAnswersTable } from '../features/spotlight/spotlight.table';
import type { ApplicationNotesTable, ApplicationStageChangesTable } from '../features/applicants/applicants.table';
import type { NotificationsTable } from '../features/notifications/notifications.table';
import type { ApplicantMailDeliveriesTable, ApplicantMailSettingsTable, ApplicationMailPreferencesTable } from '../features/applicant-mail/applicant-mail.table';
import type { EmailUnsubscribesTable, UnsubscribeListKeyTable } from '../features/mail/email-unsubscribes.table';
import type { ResumeInvitationsTable, ResumeProfileViewsTable, ResumeSeekersTable, ResumeViewMonthsTable } from '../features/resume-database/resume-database.table';
import type { CompanyBlocksTable, ConversationReadsTable, ConversationsTable, MessageEmailsTable, MessageReportsTable, MessagesTable } from '../features/messages/messages.table';
import type { InterviewSlotsTable, InterviewsTable } from '../features/interviews/interviews.table';
import type { SeekerOnboardingTable } from '../features/seeker/onboarding.table';
import type { SeekerProfileEntriesTable } from '../features/seeker/profile-sections.table';
import type { FollowUpDeliveriesTable } from '../features/follow-up/follow-up.table';
import type { HireReportsTable } from '../features/analytics/hire-reports.table';
import type { ReferenceRequestsTable } from '../features/references/references.table';

/**
 * Every table the application knows, by name. Each feature declares its own table types in a
 * `*.table.ts` beside its code and adds them here.
 *
 * Conventions that keep one set of queries working on SQLite and PostgreSQL:
 * - ids are text, made by the application;
 * - times are integer milliseconds since the epoch (PostgreSQL bigint, parsed to number);
 * - booleans are integers 0 or 1.
 */
export interface Database {
  event_log: EventLogTable;
  accounts: AccountsTable;
  one_time_codes: OneTimeCodesTable;
  sessions: SessionsTable;
  rate_limit_counters: RateLimitCountersTable;
  dev_mailbox: DevMailboxTable;
  sms_opt_ins: SmsOptInsTable;
  error_reports: ErrorReportsTable;
  companies: CompanyTable;
  jobs: JobTable;
  observation: ObservationTable;
  observation_batch: ObservationBatchTable;
  account_identities: AccountIdentitiesTable;
  google_sign_in_nonces: GoogleSignInNoncesTable;
  saved_jobs: SavedJobsTable;
  seeker_profiles: SeekerProfilesTable;
  resumes: ResumesTable;
  job_applications: JobApplicationsTable;
  external_apply_clicks: ExternalApplyClicksTable;
  job_searches: JobSearchesTable;
  job_alerts: JobAlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  scheduled_jobs: ScheduledJobsTable;
  /** SQLite only: the job queue (decision 0270); PostgreSQL's jobs live in pg-boss's schema. */
  queue_jobs: QueueJobsTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  plan_requests: PlanRequestsTable;
  job_screening_questions: JobScreeningQuestionsTable;
  screening_question_sets: ScreeningQuestionSetsTable;
  job_application_answers: JobApplicationAnswersTable;
  job_daily_figures: JobDailyFiguresTable;
  spotlight_answers: SpotlightAnswersTable;
  application_stage_changes: ApplicationStageChangesTable;
  application_notes: ApplicationNotesTable;
  application_mail_preferences: ApplicationMailPreferencesTable;
  applicant_mail_settings: ApplicantMailSettingsTable;
  applicant_mail_deliveries: ApplicantMailDeliveriesTable;
  email_unsubscribes: EmailUnsubscribesTable;
  unsubscribe_list_key: UnsubscribeListKeyTable;
  resume_seekers: ResumeSeekersTable;
  resume_profile_views: ResumeProfileViewsTable;
  resume_view_months: ResumeViewMonthsTable;
  resume_invitations: ResumeInvitationsTable;
  seed_restore: SeedRestoreTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_reads: ConversationReadsTable;
  company_blocks: CompanyBlocksTable;
  message_reports: MessageReportsTable;
  message_emails: MessageEmailsTable;
  notifications: NotificationsTable;
  interviews: InterviewsTable;
  interview_slots: InterviewSlotsTable;
  seeker_onboarding: SeekerOnboardingTable;
  seeker_profile_entries: SeekerProfileEntriesTable;
  follow_up_deliveries: FollowUpDeliveriesTable;
  hire_reports: HireReportsTable;
  reference_requests: ReferenceRequestsTable;
  employer_surveys: EmployerSurveysTable;
  job_reports: JobReportsTable;
  job_audit_log: JobAuditLogTable;
}

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
