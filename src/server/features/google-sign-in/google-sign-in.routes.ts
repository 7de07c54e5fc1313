import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  GOOGLE_SIGN_IN_MESSAGES,
  GOOGLE_SIGN_IN_PATH,
  GoogleSignInRequestSchema,
  type GoogleSignInResponse,
} from '../../../shared/google-sign-in/contracts';
import { EmailSchema } from '../../../shared/registration/contracts';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { findAccountById, findOrCreateJobSeeker } from '../accounts/account-repository';
import { emailDomain, isDisposableDomain } from '../email-validation/disposable-domains';
import { emailAlertsOptIn } from '../registration/sign-in.service';
import { requestLocation } from '../tracking/location';
import { googleClientIdFor } from './client-ids';
import { googleTokenVerifier, type GoogleTokenVerifier } from './google-id-token';
import { findIdentity, GOOGLE_PROVIDER, linkIdentity, recordIdentityUse } from './identity-repository';

function fail(reply: FastifyReply, statusCode: number, errorMessage: string) {
  const answer: GoogleSignInResponse = { success: false, errorMessage, isNewRegistration: false };
  return reply.status(statusCode).header('cache-control', 'no-store').send(answer);
}

/**
 * Spec 7: sign in or register with a Google ID token. The token is verified here (never trusted from
 * the browser), then the person is logged in exactly as after a correct one-time code: the same
 * account creation, the same session.
 */
export default async function googleSignInRoutes(app: FastifyInstance, options: { verifier?: GoogleTokenVerifier } = {}) {
  const verifier = options.verifier ?? googleTokenVerifier({ jwksUrl: app.config.GOOGLE_JWKS_URL, issuers: app.config.GOOGLE_ISSUERS });

  app.post(GOOGLE_SIGN_IN_PATH, { config: { requireXhr: true, clientRateLimit: true } }, async (request, reply) => {
    const parsed = GoogleSignInRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      request.log.info({ issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) }, 'google sign-in: invalid input');
      const tokenIssue = parsed.error.issues.find((issue) => issue.path[0] === 'token');
      return fail(reply, 400, tokenIssue?.message ?? registrationErrorMessage('PROTO_VALIDATION_ERROR'));
    }
    const body = parsed.data;
    if (body.redirect_url !== undefined && body.redirect_url !== '' && !isSafeRedirect(body.redirect_url)) {
      return fail(reply, 400, GOOGLE_SIGN_IN_MESSAGES.redirectRefused);
    }
    const clientId = googleClientIdFor(app.config, request.hostname);
    if (!clientId) return fail(reply, 404, GOOGLE_SIGN_IN_MESSAGES.notConfigured);

    const now = app.now();
    const check = await verifier.verify(body.token, { audience: clientId, now });
    if (!check.ok) {
      // The reason goes to the log for us; the person gets the catalogue's credential message.
      if (check.reason === 'unavailable') request.log.warn({ detail: check.detail }, 'google sign-in: key set unavailable');
      else request.log.info({ detail: check.detail }, 'google sign-in: token refused');
      return fail(reply, check.reason === 'unavailable' ? 503 : 401, registrationErrorMessage('CREDENTIAL_SERVICE_ERROR'));
    }
    const { identity } = check;
    const email = EmailSchema.safeParse(identity.email);
    if (!email.success || isDisposableDomain(emailDomain(email.data))) return fail(reply, 422, registrationErrorMessage('EMAIL_REJECTED_ERROR'));

    // The Google subject is the identity once linked: it outlives a change of the Google address.
    const linked = await findIdentity(app.db, GOOGLE_PROVIDER, identity.subject);
    const linkedAccount = linked ? await findAccountById(app.db, linked.account_id) : undefined;
    let accountId: string;
    let isNewRegistration = false;
    if (linked && linkedAccount) {
      await recordIdentityUse(app.db, linked, email.data, now);
      accountId = linkedAccount.id;
    } else {
      const countryCode = requestLocation(app, request).country || null;
      const { account, created } = await findOrCreateJobSeeker(app.db, {
        email: email.data,
        countryCode,
        emailAlertsOptIn: emailAlertsOptIn(countryCode, body.explicit_opt_in),
        now,
      });
      await linkIdentity(app.db, { provider: GOOGLE_PROVIDER, subject: identity.subject, accountId: account.id, email: email.data, now });
      accountId = account.id;
      isNewRegistration = created;
    }

    await app.startSession(request, reply, accountId);
    const answer: GoogleSignInResponse = {
      success: true,
      errorMessage: null,
      isNewRegistration,
      ...(body.redirect_url ? { redirectUrl: body.redirect_url } : {}),
    };
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
