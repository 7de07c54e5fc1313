import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APPLICANT_MAIL_NOTICES, APPLICANT_MAIL_PATHS, APPLICATION_MAIL_FREQUENCIES, type UserAccountProps } from '../../../shared/applicant-mail/settings';
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import { ONBOARDING_PATHS } from '../../../shared/seeker/onboarding';
import type { RoutesApp } from '../../shared/route-contracts';
import { findCompanyById } from '../companies/company.service';
import { emailChoicesOf } from '../notifications/notifications.service';
import { notificationActionPaths } from '../../../shared/notifications/notifications';
import { isUnsubscribed, recipientKey, resubscribe } from '../mail/list-unsubscribe';
import { employerOf, signedInUser } from '../sessions/route-guard';
import { findFrequency, setFrequency, setRejectionEmails } from './applicant-mail.repository';

const PRIVATE = 'private, no-store';
const employer = { requireRole: 'employer' as const };
const NoticeQuerySchema = z.object({ notice: z.enum(['saved', 'emails']).optional().catch(undefined) }).catch({ notice: undefined });
const FrequencySchema = z.object({ frequency: z.enum(APPLICATION_MAIL_FREQUENCIES, { message: 'Choose how you hear about new applications.' }) });
/** A checkbox: present ("on") or absent. */
const RejectionEmailsSchema = z.object({ rejection_emails: z.literal('on').optional() }).catch({ rejection_emails: undefined });

/** The employer's email notifications (/user/account) and the company's emails to applicants (decision 0157). */
export default async function applicantMailRoutes(app: RoutesApp) {
  const listKey = app.config.UNSUBSCRIBE_LIST_KEY;

  const accountProps = async (request: FastifyRequest, notice: string | null, emailsSaved = false): Promise<UserAccountProps> => {
    const user = signedInUser(request);
    const { companyId, accountId } = employerOf(request);
    const company = await findCompanyById(app.db, companyId);
    if (!company) throw new Error('membership without its company');
    return {
      email: user.email,
      companyName: company.name,
      frequency: await findFrequency(app.db, companyId, accountId),
      unsubscribedByLink: await isUnsubscribed(app.db, listKey, user.email, 'new-applications'),
      notice,
      emailChoices: await emailChoicesOf(app.db, listKey, user.email, 'employer', notificationActionPaths('employer').emails, emailsSaved),
    };
  };

  // A job seeker's settings are a page of their own (decision 0234); the guard (a preValidation hook)
  // would send them to the employer log-in, so this runs before it, once the session is read.
  const seekerToSettings = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user && request.user.side !== 'employer') return reply.header('cache-control', PRIVATE).redirect(ONBOARDING_PATHS.settings, 303);
  };

  app.get(APPLICANT_MAIL_PATHS.account, { config: employer, onRequest: seekerToSettings, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const props = await accountProps(request, query.notice === 'saved' ? APPLICANT_MAIL_NOTICES.saved : null, query.notice === 'emails');
    return reply.header('cache-control', PRIVATE).renderPage('user-account', props, { title: 'Email notifications', noIndex: true });
  });

  app.post(APPLICANT_MAIL_PATHS.account, { config: employer, schema: { body: FrequencySchema } }, async (request, reply) => {
    const { frequency } = request.body;
    const user = signedInUser(request);
    const { companyId, accountId } = employerOf(request);
    await setFrequency(app.db, companyId, accountId, frequency, app.now());
    // Choosing again here takes back an unsubscribe made by an email's link.
    await resubscribe(app.db, recipientKey(listKey, user.email), 'new-applications');
    return reply.header('cache-control', PRIVATE).redirect(`${APPLICANT_MAIL_PATHS.account}?notice=saved`, 303);
  });

  app.post(APPLICANT_MAIL_PATHS.companyApplicantEmails, { config: employer, schema: { body: RejectionEmailsSchema } }, async (request, reply) => {
    const { companyId, role } = employerOf(request);
    if (role !== 'owner') return reply.header('cache-control', PRIVATE).redirect(`${COMPANY_PATHS.settings}?notice=owner_only`, 303);
    const { rejection_emails } = request.body;
    await setRejectionEmails(app.db, companyId, rejection_emails === 'on', app.now());
    return reply.header('cache-control', PRIVATE).redirect(`${COMPANY_PATHS.settings}?notice=applicant_emails`, 303);
  });
}
