// Export and erase from the settings pages (decision 0225): the seeker's zip and erase from /candidate/about,
// the employer's own zip from /user/account. Every route here is a same-origin POST, except the erase
// page's GET, which only asks.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EXPORTS_PER_HOUR, PRIVACY_MESSAGES, PRIVACY_PATHS, type AccountErasePageProps } from '../../../shared/privacy/constants';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { sendNotFound } from '../../shared/refusals';
import { noBody, type RoutesApp } from '../../shared/route-contracts';
import { normalizeEmail } from '../accounts/account-repository';
import { isTeamMember } from '../companies/company-privacy';
import { consumeRateLimit } from '../rate-limits/rate-limiter';
import { signedInUser } from '../sessions/route-guard';
import { dataZip } from './data-zip';
import { accountExport, eraseAccount, type ExportScope, type PrivacyDeps } from './privacy.service';
import { firstValue } from '../../shared/form-fields';
import { HOUR_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';
const first = firstValue;

/** The confirmation: the address typed again, and the box ticked. */
const EraseBodySchema = z
  .object({
    confirm_email: z.preprocess(first, z.string().max(320).catch('')).default(''),
    understand: z.preprocess(first, z.literal('on').optional().catch(undefined)),
  })
  .catch({ confirm_email: '', understand: undefined });

export default async function privacyRoutes(app: RoutesApp) {
  const deps = (): PrivacyDeps => ({ db: app.db, fileStorage: app.fileStorage, now: app.now, secret: app.config.SESSION_SECRET, unsubscribeListKey: app.config.UNSUBSCRIBE_LIST_KEY });

  async function sendExport(request: FastifyRequest, reply: FastifyReply, scope: ExportScope) {
    const user = signedInUser(request);
    const now = app.now();
    const allowed = await consumeRateLimit(app.rateLimits.store, { name: 'data-exports', max: EXPORTS_PER_HOUR, windowMs: HOUR_MS }, user.id, now);
    if (!allowed.allowed) {
      return reply.status(429).header('retry-after', String(allowed.retryAfterSeconds)).header('cache-control', PRIVATE).type('text/plain; charset=utf-8').send(PRIVACY_MESSAGES.tooManyExports);
    }
    const data = await accountExport(deps(), user.id, scope);
    if (!data) return sendNotFound(reply, { cacheControl: PRIVATE });
    const day = new Date(now).toISOString().slice(0, 10);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(`jobwise-${scope === 'employer' ? 'employer' : 'my'}-data-${day}.zip`))
      .header('x-content-type-options', 'nosniff')
      .send(dataZip(app.fileStorage, data.data, data.files, now));
  }

  app.post(PRIVACY_PATHS.seekerExport, { config: { requireRole: 'seeker', signInNext: () => SEEKER_PATHS.about }, schema: { body: noBody } }, (request, reply) =>
    sendExport(request, reply, 'seeker'),
  );

  app.post(PRIVACY_PATHS.employerExport, { config: { requireRole: 'employer' }, schema: { body: noBody } }, (request, reply) => sendExport(request, reply, 'employer'));

  const renderErase = (reply: FastifyReply, props: AccountErasePageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('account-erase', props, { title: 'Erase your account', noIndex: true, status });

  app.get(PRIVACY_PATHS.erase, { config: { requireRole: 'seeker' } }, async (request, reply) => {
    const user = signedInUser(request);
    const member = await isTeamMember(app.db, user.id);
    return renderErase(reply, { email: user.email, state: member ? 'team_member' : 'confirm', error: null });
  });

  app.post(PRIVACY_PATHS.erase, { config: { requireRole: 'seeker', signInNext: () => PRIVACY_PATHS.erase }, schema: { body: EraseBodySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const { body } = request;
    if (normalizeEmail(body.confirm_email) !== normalizeEmail(user.email)) {
      return renderErase(reply, { email: user.email, state: 'confirm', error: PRIVACY_MESSAGES.confirmMismatch }, 400);
    }
    if (body.understand !== 'on') return renderErase(reply, { email: user.email, state: 'confirm', error: PRIVACY_MESSAGES.confirmUnchecked }, 400);
    const outcome = await eraseAccount(deps(), user.id);
    if (outcome.status === 'team_member') return renderErase(reply, { email: user.email, state: 'team_member', error: PRIVACY_MESSAGES.teamMember }, 409);
    // Every session of the account is gone with it; this request's cookie goes too.
    await app.endSession(request, reply);
    request.log.info({ tombstone: outcome.status === 'erased' && outcome.tombstone }, 'account erased at its owner’s request');
    return renderErase(reply, { email: null, state: 'erased', error: null });
  });
}
