// Export and erase (issue 41, decision 0225). This feature sits above every other: it asks each one's
// privacy module for the rows it keeps about a person, and has each erase its own.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ERASED_ACCOUNT_ROLE, ERASED_TEXT } from '../../../shared/privacy/constants';
import type { Db } from '../../db/database';
import { accountRecord, eraseAccountRow } from '../accounts/account-privacy';
import { findAccountById, findAccountByEmail, normalizeEmail } from '../accounts/account-repository';
import { scrubAnalytics } from '../analytics/analytics-privacy';
import { deleteMailRowsOf, mailPreferencesOf } from '../applicant-mail/applicant-mail-privacy';
import { deleteNotesOn, notesWrittenBy } from '../applicants/applicants-privacy';
import { deleteTeamInvitationsTo, isTeamMember, membershipsOf, planRequestsBy, teamInvitationsTo } from '../companies/company-privacy';
import { answersOf, deleteAnswersOf, forgetJobReportsBy, jobReportsBy, jobsPostedBy } from '../employer-jobs/employer-jobs-privacy';
import { errorReportsOf, scrubErrorReports } from '../error-reports/error-reports-privacy';
import { deleteIdentitiesOf, identitiesOf } from '../google-sign-in/google-sign-in-privacy';
import { deleteInterviewsOf, interviewsRecord } from '../interviews/interviews-privacy';
import { forgetRecipient, unsubscribesOf } from '../mail/mail-privacy';
import { conversationFileKeys, conversationsRecord, deleteConversationsOf, messagesWrittenBy } from '../messages/messages-privacy';
import { deleteNotificationsOf, notificationsOf } from '../notifications/notifications-privacy';
import { codesFor, deleteCodesFor } from '../one-time-codes/one-time-codes-privacy';
import { deleteCountersAbout } from '../rate-limits/rate-limit-privacy';
import { deleteReferencesOf, referencesGivenBy, referencesRecord } from '../references/references-privacy';
import { eraseResumeDatabaseRows, resumeDatabaseRecord } from '../resume-database/resume-database-privacy';
import { eraseSeekerRows, seekerNeedles, seekerRecord, seekerStorageKeys } from '../seeker/seeker-privacy';
import { deleteSessionsOf, sessionsOf } from '../sessions/session-privacy';
import { deleteSmsOptInsOf, smsOptInsOf } from '../sms/sms-privacy';
import { deleteSpotlightOf, spotlightRecord } from '../spotlight/spotlight-privacy';
import type { FileStorage } from '../storage/file-storage';
import { safeEntryName, type ZipFileEntry } from './data-zip';

export interface PrivacyDeps {
  db: Db;
  fileStorage: FileStorage;
  now: () => number;
  /** SESSION_SECRET: the development mailbox is keyed by it. */
  secret: string;
  /** UNSUBSCRIBE_LIST_KEY: the unsubscribe list is keyed by it (decision 0276). */
  unsubscribeListKey: string;
}

/** What one side of the site keeps about a person: the JSON and the stored files that go beside it. */
export type ExportScope = 'seeker' | 'employer' | 'all';

export interface DataExport {
  data: Record<string, unknown>;
  files: ZipFileEntry[];
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** Files that are still stored, with their sizes; a key whose file is gone is left out of the zip. */
async function storedFiles(storage: FileStorage, wanted: Array<{ path: string; storageKey: string }>): Promise<ZipFileEntry[]> {
  const files: ZipFileEntry[] = [];
  const seen = new Set<string>();
  for (const file of wanted) {
    if (seen.has(file.path)) continue;
    const stat = await storage.stat(file.storageKey).catch(() => null);
    if (!stat) continue;
    seen.add(file.path);
    files.push({ ...file, size: stat.size });
  }
  return files;
}

async function signInRecord(db: Db, accountId: string, emailNormalized: string) {
  return { sessions: await sessionsOf(db, accountId), codes: await codesFor(db, emailNormalized), googleIdentities: await identitiesOf(db, accountId) };
}

/** The job seeker's side: profile, résumé, saved jobs, alerts, applications, spotlight, résumé database... */
async function seekerSection(deps: PrivacyDeps, accountId: string, emailNormalized: string) {
  const { db } = deps;
  const seeker = await seekerRecord(db, accountId);
  const answers = await answersOf(db, seeker.applications.map((application) => application.id));
  const spotlight = await spotlightRecord(db, accountId);
  const wanted: Array<{ path: string; storageKey: string }> = [];
  const resumeKey = seeker.resume?.storageKey ?? null;
  const resumePath = seeker.resume ? `files/resume/${safeEntryName(seeker.resume.fileName, `resume.${extensionOf(seeker.resume.storageKey)}`)}` : null;
  if (seeker.resume && resumePath) wanted.push({ path: resumePath, storageKey: seeker.resume.storageKey });
  const applications = seeker.applications.map(({ resumeStorageKey, ...application }, index) => {
    let file: string | null = null;
    if (resumeStorageKey) {
      file = resumeStorageKey === resumeKey ? resumePath : `files/applications/${index + 1}-resume.${extensionOf(resumeStorageKey)}`;
      if (file && resumeStorageKey !== resumeKey) wanted.push({ path: file, storageKey: resumeStorageKey });
    }
    const own = answers.filter((answer) => answer.applicationId === application.id).map(({ question, answer }) => ({ question, answer }));
    return { ...application, resumeFile: file, answers: own };
  });
  const spotlightAnswers = spotlight.map(({ storageKey, ...answer }) => {
    const file = storageKey ? `files/spotlight/${safeEntryName(answer.prompt, 'answer')}.${extensionOf(storageKey)}` : null;
    if (storageKey && file) wanted.push({ path: file, storageKey });
    return { ...answer, file };
  });
  const messages = await conversationsRecord(db, accountId);
  const conversations = messages.conversations.map((conversation, c) => ({
    ...conversation,
    messages: conversation.messages.map(({ storageKey, ...message }, m) => {
      const file = storageKey && message.attachment ? `files/messages/${c + 1}-${m + 1}-${safeEntryName(message.attachment, `attachment.${extensionOf(storageKey)}`)}` : null;
      if (storageKey && file) wanted.push({ path: file, storageKey });
      return { ...message, file };
    }),
  }));
  const { storageKey: _key, ...resume } = seeker.resume ?? { storageKey: null };
  return {
    section: {
      profile: seeker.profile,
      onboarding: seeker.onboarding,
      profileSections: seeker.profileSections,
      resume: seeker.resume ? { ...resume, file: resumePath } : null,
      savedJobs: seeker.savedJobs,
      searches: seeker.searches,
      alerts: seeker.alerts,
      applications,
      externalApplyClicks: seeker.externalApplyClicks,
      spotlight: spotlightAnswers,
      resumeDatabase: await resumeDatabaseRecord(db, accountId),
      teamInvitationsReceived: await teamInvitationsTo(db, emailNormalized),
      messages: { ...messages, conversations: conversations },
      interviews: await interviewsRecord(db, accountId),
      references: { asked: await referencesRecord(db, accountId), given: await referencesGivenBy(db, emailNormalized) },
      jobsReported: await jobReportsBy(db, accountId),
    },
    wanted,
  };
}

/** The employer's side: their memberships, the jobs they posted, the notes they wrote, their settings. */
async function employerSection(db: Db, accountId: string) {
  return {
    memberships: await membershipsOf(db, accountId),
    applicationEmails: await mailPreferencesOf(db, accountId),
    planRequests: await planRequestsBy(db, accountId),
    jobsPosted: await jobsPostedBy(db, accountId),
    notesWritten: await notesWrittenBy(db, accountId),
    messagesWritten: await messagesWrittenBy(db, accountId),
  };
}

/**
 * Everything Jobwise keeps about the account on one side of the site (or both, for the admin command),
 * never another person's data and never a secret (session hashes, code HMACs, tokens). Null when the
 * account does not exist or was erased.
 */
export async function accountExport(deps: PrivacyDeps, accountId: string, scope: ExportScope): Promise<DataExport | null> {
  const { db } = deps;
  const account = await accountRecord(db, accountId);
  if (!account || account.role === ERASED_ACCOUNT_ROLE) return null;
  const emailNormalized = normalizeEmail(account.email);
  const data: Record<string, unknown> = {
    format: 'jobwise-data-export/1',
    exportedAt: new Date(deps.now()).toISOString(),
    note: 'Times are milliseconds since 1970-01-01 UTC. Files named here are in the files/ folder of this zip.',
    account,
    signIn: await signInRecord(db, accountId, emailNormalized),
    emailPreferences: {
      emailAlertsOptIn: account.emailAlertsOptIn,
      unsubscribedFromAllEmail: account.unsubscribedFromAllEmail,
      unsubscribedKinds: await unsubscribesOf(db, deps.unsubscribeListKey, account.email),
      smsOptIns: await smsOptInsOf(db, accountId),
    },
    errorReports: await errorReportsOf(db, accountId),
    notifications: await notificationsOf(db, accountId),
  };
  let wanted: Array<{ path: string; storageKey: string }> = [];
  if (scope !== 'employer') {
    const seeker = await seekerSection(deps, accountId, emailNormalized);
    data.jobSeeker = seeker.section;
    wanted = seeker.wanted;
  }
  if (scope !== 'seeker') data.employer = await employerSection(db, accountId);
  return { data, files: await storedFiles(deps.fileStorage, wanted) };
}

/** The account's phone numbers as people write them: E.164, without the plus, and national. */
function phoneForms(phone: string): string[] {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return [phone];
  return [phone, parsed.number, parsed.number.slice(1), parsed.nationalNumber, parsed.formatNational()];
}

export type EraseOutcome = { status: 'erased'; tombstone: boolean } | { status: 'team_member' } | { status: 'not_found' };

/**
 * Erases a person (decision 0225). Files first (the content that matters most), then one transaction
 * for every row, then the text that other tables hold about them (development mailbox, analytics).
 * Refused for a member of a company's team: the company would be left without its person.
 */
export async function eraseAccount(deps: PrivacyDeps, accountId: string): Promise<EraseOutcome> {
  const { db, fileStorage } = deps;
  const account = await findAccountById(db, accountId);
  if (!account || account.role === ERASED_ACCOUNT_ROLE) return { status: 'not_found' };
  if (await isTeamMember(db, accountId)) return { status: 'team_member' };
  const email = account.email_normalized;
  const sent = [...(await seekerNeedles(db, accountId)), ...(await smsOptInsOf(db, accountId)).map((optIn) => optIn.phone)];
  const needles = [...new Set([account.email, email, ...sent.flatMap((value) => (value.startsWith('+') ? phoneForms(value) : [value]))])];

  const spotlightKeys = (await spotlightRecord(db, accountId)).flatMap((answer) => (answer.storageKey ? [answer.storageKey] : []));
  for (const key of [...(await seekerStorageKeys(db, accountId)), ...spotlightKeys, ...(await conversationFileKeys(db, accountId))]) await fileStorage.delete(key);

  const { keys, tombstone } = await db.transaction().execute(async (trx) => {
    // Files stored while the first deletes ran are found here and deleted after the commit.
    const resumeKeys = await seekerStorageKeys(trx, accountId);
    const { applicationIds } = await eraseSeekerRows(trx, accountId, deps.now());
    await deleteAnswersOf(trx, applicationIds);
    await forgetJobReportsBy(trx, accountId);
    await deleteNotesOn(trx, applicationIds);
    await deleteInterviewsOf(trx, accountId);
    await deleteReferencesOf(trx, accountId, email);
    const messageKeys = await deleteConversationsOf(trx, accountId);
    await deleteNotificationsOf(trx, accountId);
    const mediaKeys = await deleteSpotlightOf(trx, accountId);
    await eraseResumeDatabaseRows(trx, accountId);
    await deleteMailRowsOf(trx, accountId);
    await deleteSessionsOf(trx, accountId);
    await deleteCodesFor(trx, email);
    await deleteIdentitiesOf(trx, accountId, email);
    await deleteSmsOptInsOf(trx, accountId);
    await deleteTeamInvitationsTo(trx, email);
    await deleteCountersAbout(trx, email);
    await scrubErrorReports(trx, accountId, needles, ERASED_TEXT);
    await eraseAccountRow(trx, accountId, applicationIds.length > 0);
    return { keys: [...resumeKeys, ...mediaKeys, ...messageKeys], tombstone: applicationIds.length > 0 };
  });
  for (const key of keys) await fileStorage.delete(key);
  await forgetRecipient(db, { listKey: deps.unsubscribeListKey, mailboxSecret: deps.secret }, email, needles);
  await scrubAnalytics(db, needles, ERASED_TEXT);
  return { status: 'erased', tombstone };
}

/** The account with this email, for the admin commands (a request made by email). */
export async function accountIdByEmail(db: Db, email: string): Promise<string | null> {
  const account = await findAccountByEmail(db, normalizeEmail(email));
  return account && account.role !== ERASED_ACCOUNT_ROLE ? account.id : null;
}
