import { EmailResubscribeRequestSchema, EmailResubscribeResponseSchema, ResubscribeEligibilitySchema } from '../../../shared/registration/contracts';
import type { RoutesApp } from '../../shared/route-contracts';
import { findAccountById, normalizeEmail, setEmailSubscription } from './account-repository';
import { sendError } from '../../shared/status-replies';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';

/** Resubscribe offer: only for a logged-in job seeker who unsubscribed from all email. */
export default async function emailPreferencesRoutes(app: RoutesApp) {
  app.get(REGISTRATION_PATHS.resubscribeEligibility, { schema: { response: { 200: ResubscribeEligibilitySchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    if (!request.user) return reply.send({ missing_email_prefs: false });
    const account = await findAccountById(app.db, request.user.id);
    return reply.send({ missing_email_prefs: account?.email_unsubscribed === 1 });
  });

  app.post(REGISTRATION_PATHS.emailResubscribe, { config: { requireXhr: true, clientRateLimit: true }, schema: { body: EmailResubscribeRequestSchema, response: { 200: EmailResubscribeResponseSchema } } }, async (request, reply) => {
    const { body } = request;
    const user = request.user;
    // Only the person themselves, logged in, can change their subscription; a named email must be theirs.
    if (!user || (body.email !== undefined && body.email.trim() !== '' && normalizeEmail(body.email) !== normalizeEmail(user.email))) {
      return sendError(reply, 'EMAIL_RESUBSCRIBE_ERROR');
    }
    const updated = await setEmailSubscription(app.db, user.id, true);
    if (!updated) return sendError(reply, 'EMAIL_RESUBSCRIBE_ERROR');
    return reply.header('cache-control', 'no-store').send({ status: 'EMAIL_RESUBSCRIBE_SUCCESS' });
  });
}
