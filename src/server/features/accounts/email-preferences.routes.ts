import type { FastifyInstance } from 'fastify';
import { EmailResubscribeRequestSchema } from '../../../shared/registration/contracts';
import { parseInput } from '../../plugins/errors';
import { findAccountById, normalizeEmail, setEmailSubscription } from './account-repository';
import { sendError } from '../../shared/status-replies';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';

/** Resubscribe offer: only for a logged-in job seeker who unsubscribed from all email. */
export default async function emailPreferencesRoutes(app: FastifyInstance) {
  app.get(REGISTRATION_PATHS.resubscribeEligibility, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    if (!request.user) return reply.send({ missing_email_prefs: false });
    const account = await findAccountById(app.db, request.user.id);
    return reply.send({ missing_email_prefs: account?.email_unsubscribed === 1 });
  });

  app.post(REGISTRATION_PATHS.emailResubscribe, { config: { requireXhr: true, clientRateLimit: true } }, async (request, reply) => {
    const body = parseInput(EmailResubscribeRequestSchema, request.body);
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
