import type { Migration } from 'kysely';
import * as m0001 from './0001-event-log';
import * as m0002 from './0002-accounts-and-auth';
import * as m0003 from './0003-jobs';
import * as m0004 from './0004-observations';
import * as m0005 from './0005-google-identities';
import * as m0006 from './0006-seeker-actions';
import * as m0007 from './0007-search-ranking';
import * as m0008 from './0008-hardening';
import * as m0009 from './0009-google-nonces';
import * as m0010 from './0010-companies-and-members';
import * as m0015 from './0015-job-posting';
import * as m0020 from './0020-stored-files';
import * as m0021 from './0021-scheduled-jobs';
import * as m0025 from './0025-spotlight-answers';
import * as m0030 from './0030-applicant-pipeline';
import * as m0031 from './0031-applicant-mail';
import * as m0032 from './0032-resume-database';
import * as m0033 from './0033-applicant-match';
import * as m0035 from './0035-search-featured-order';
import * as m0036 from './0036-search-tokens';
import * as m0040 from './0040-observation-id-unindexed';
import * as m0041 from './0041-place-band-index';
import * as m0050 from './0050-dev-mailbox-newest-first';
import * as m0051 from './0051-search-tokens-combined';
import * as m0052 from './0052-drop-redundant-company-index';
import * as m0053 from './0053-featured-order-by-seq';
import * as m0054 from './0054-search-ranges';
import * as m0055 from './0055-featured-jobs-by-place';
import * as m0056 from './0056-words-and-tokens-statistics';
import * as m0057 from './0057-seed-restore';
import * as m0058 from './0058-search-tokens-column';
import * as m0059 from './0059-search-vectors-in-row';
import * as m0060 from './0060-dated-walk-covers-place';
import * as m0061 from './0061-drop-unused-city-state-index';
import * as m0062 from './0062-jobs-awaiting-approval';
import * as m0063 from './0063-resume-places-and-applied-titles';
import * as m0066 from './0066-messages';
import * as m0067 from './0067-notifications';
import * as m0068 from './0068-message-emails';
import * as m0069 from './0069-interviews';
import * as m0070 from './0070-message-attachments';
import * as m0071 from './0071-follow-up';
import * as m0075 from './0075-conversation-invitations';
import * as m0076 from './0076-seeker-onboarding';
import * as m0078 from './0078-references';
import * as m0079 from './0079-profile-sections';
import * as m0080 from './0080-job-queue';
import * as m0081 from './0081-unsubscribe-list-key';
import * as m0082 from './0082-search-vocabulary';
import * as m0083 from './0083-plan-trials-and-closing';
import * as m0085 from './0085-scheduled-publishing';
import * as m0086 from './0086-screening-question-sets';
import * as m0089 from './0089-employer-surveys';
import * as m0090 from './0090-job-reports-and-audit';
import * as m0091 from './0091-trial-ending-notice';
import * as m0092 from './0092-publish-scheduled-by';

/** Applied in key order. Kysely's schema builder only, so the same migrations run on SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001-event-log': m0001,
  '0002-accounts-and-auth': m0002,
  '0003-jobs': m0003,
  '0004-observations': m0004,
  '0005-google-identities': m0005,
  '0006-seeker-actions': m0006,
  '0007-search-ranking': m0007,
  '0008-hardening': m0008,
  '0009-google-nonces': m0009,
  '0010-companies-and-members': m0010,
  '0015-job-posting': m0015,
  '0020-stored-files': m0020,
  '0021-scheduled-jobs': m0021,
  '0025-spotlight-answers': m0025,
  '0030-applicant-pipeline': m0030,
  '0031-applicant-mail': m0031,
  '0032-resume-database': m0032,
  '0033-applicant-match': m0033,
  '0035-search-featured-order': m0035,
  '0036-search-tokens': m0036,
  '0040-observation-id-unindexed': m0040,
  '0041-place-band-index': m0041,
  '0050-dev-mailbox-newest-first': m0050,
  '0051-search-tokens-combined': m0051,
  '0052-drop-redundant-company-index': m0052,
  '0053-featured-order-by-seq': m0053,
  '0054-search-ranges': m0054,
  '0055-featured-jobs-by-place': m0055,
  '0056-words-and-tokens-statistics': m0056,
  '0057-seed-restore': m0057,
  '0058-search-tokens-column': m0058,
  '0059-search-vectors-in-row': m0059,
  '0060-dated-walk-covers-place': m0060,
  '0061-drop-unused-city-state-index': m0061,
  '0062-jobs-awaiting-approval': m0062,
  '0063-resume-places-and-applied-titles': m0063,
  '0066-messages': m0066,
  '0067-notifications': m0067,
  '0068-message-emails': m0068,
  '0069-interviews': m0069,
  '0070-message-attachments': m0070,
  '0071-follow-up': m0071,
  '0075-conversation-invitations': m0075,
  '0076-seeker-onboarding': m0076,
  '0078-references': m0078,
  '0079-profile-sections': m0079,
  '0080-job-queue': m0080,
  '0081-unsubscribe-list-key': m0081,
  '0082-search-vocabulary': m0082,
  '0083-plan-trials-and-closing': m0083,
  '0085-scheduled-publishing': m0085,
  '0086-screening-question-sets': m0086,
  '0089-employer-surveys': m0089,
  '0090-job-reports-and-audit': m0090,
  '0091-trial-ending-notice': m0091,
  '0092-publish-scheduled-by': m0092,
};
