// The applicant-mail feature's public module: what the company profile page shows of it.
import type { ApplicantEmailsSettings } from '../../../shared/applicant-mail/settings';
import type { Db } from '../../db/database';
import { rejectionText } from './applicant-emails';
import { findRejectionEmails } from './applicant-mail.repository';

/** The company's emails to applicants, for the company profile page (the owner may change them). */
export async function applicantEmailsSettings(db: Db, company: { id: string; name: string }, canEdit: boolean): Promise<ApplicantEmailsSettings> {
  const preview = rejectionText({ fullName: '[name]', jobTitle: '[job title]', companyName: company.name });
  return {
    rejectionEmails: await findRejectionEmails(db, company.id),
    canEdit,
    rejectionPreview: { subject: preview.subject, text: preview.lines.join('\n\n') },
  };
}
