import type { FastifyReply, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import { GOOGLE_NONCE_PATH } from '../../../shared/google-sign-in/constants';
import {
  GOOGLE_SIGN_IN_MESSAGES,
  GOOGLE_SIGN_IN_PATH,
  GoogleSignInRequestSchema,
  type GoogleSignInResponse,
} from '../../../shared/google-sign-in/contracts';
import { EmailSchema } from '../../../shared/registration/contracts';
import { isSafeRedirect } from '../../../shared/registration/redirect';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { findAccountByEmail, findAccountById, findOrCreateJobSeeker, normalizeEmail } from '../accounts/account-repository';
import type { AccountRow } from '../accounts/accounts.table';
import { emailDomain, isDisposableDomain } from '../email-validation/disposable-domains';
import { emailAlertsOptIn } from '../../../shared/registration/country';
import type { RoutesApp } from '../../shared/route-contracts';
import { requestLocation } from '../tracking/location';
import { googleClientIdFor } from './client-ids';
import { googleTokenVerifier, type GoogleTokenVerifier } from './google-id-token';
import { consumeGoogleNonce, googleIsAuthoritative, holdPendingLink, issueGoogleNonce } from './google-nonces';
import { findIdentity, GOOGLE_PROVIDER, linkIdentity, recordIdentityUse } from './identity-repository';

/** Every answer of the sign-in call, refusals included (spec 7). */
const GoogleSignInResponseSchema = z.object({
  success: z.boolean(),
  errorMessage: z.string().nullable(),
  isNewRegistration: z.boolean(),
  redirectUrl: z.string().optional(),
}) satisfies z.ZodType<GoogleSignInResponse>;

function fail(reply: FastifyReply, statusCode: number, errorMessage: string) {
  const answer: GoogleSignInResponse = { success: false, errorMessage, isNewRegistration: false };
  return reply.status(statusCode).header('cache-control', 'no-store').send(answer);
}

/**
 * Spec 7: sign in or register with a Google ID token. The token is verified here (never trusted from
 * the browser), then the person is logged in exactly as after a correct one-time code: the same
 * account creation, the same session.
 */
export default async function googleSignInRoutes(app: RoutesApp, options: { verifier?: GoogleTokenVerifier } = {}) {
  const verifier = options.verifier ?? googleTokenVerifier({ jwksUrl: app.config.GOOGLE_JWKS_URL, issuers: app.config.GOOGLE_ISSUERS });

  // The page asks for a nonce before it initialises Google's script (decision 0087). It writes a row, so
  // it counts against the (more generous) per-client limit of actions.
  app.get(GOOGLE_NONCE_PATH, { config: { actionRateLimit: true }, schema: { response: { 200: z.object({ nonce: z.string() }) } } }, async (request, reply) => {
    if (!googleClientIdFor(app.config, request.hostname)) return fail(reply, 404, GOOGLE_SIGN_IN_MESSAGES.notConfigured);
    const nonce = await issueGoogleNonce(app, request, reply);
    return reply.header('cache-control', 'no-store').send({ nonce });
  });

  // Spec 7 answers every refusal in the call's own shape (success, errorMessage), a refused body too:
  // the schema's issues come to the handler (attachValidation) rather than to the error handler (decision 0250).
  const signInSchema = { body: GoogleSignInRequestSchema, response: { 200: GoogleSignInResponseSchema } };
  app.post(GOOGLE_SIGN_IN_PATH, { config: { requireXhr: true, clientRateLimit: true }, schema: signInSchema, attachValidation: true }, async (request, reply) => {
    if (request.validationError) {
      const issues: FastifySchemaValidationError[] = request.validationError.validation;
      request.log.info({ issues: issues.map((issue) => `${issue.instancePath.slice(1)}: ${issue.message}`) }, 'google sign-in: invalid input');
      const tokenIssue = issues.find((issue) => issue.instancePath === '/token');
      return fail(reply, 400, tokenIssue?.message ?? registrationErrorMessage('PROTO_VALIDATION_ERROR'));
    }
    const { body } = request;
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
    // The token must carry the nonce this visitor was given, once (a copied or replayed token does not).
    const nonceId = await consumeGoogleNonce(app, request, identity.nonce);
    if (!nonceId) {
      request.log.info('google sign-in: nonce missing, foreign or used');
      return fail(reply, 401, registrationErrorMessage('CREDENTIAL_SERVICE_ERROR'));
    }
    const email = EmailSchema.safeParse(identity.email);
    if (!email.success || isDisposableDomain(emailDomain(email.data))) return fail(reply, 422, registrationErrorMessage('EMAIL_REJECTED_ERROR'));

    // The Google subject is the identity once linked: it outlives a change of the Google address.
    const linked = await findIdentity(app.db, GOOGLE_PROVIDER, identity.subject);
    const linkedAccount = linked ? await findAccountById(app.db, linked.account_id) : undefined;
    let account: AccountRow;
    let isNewRegistration = false;
    if (linked && linkedAccount) {
      await recordIdentityUse(app.db, linked, email.data, now);
      account = linkedAccount;
    } else {
      // An account with this address, and Google does not vouch for the address (not Gmail, no Workspace
      // domain): link only after this visitor proves the mailbox with a code (decision 0087).
      const existing = await findAccountByEmail(app.db, normalizeEmail(email.data));
      if (existing && !googleIsAuthoritative(email.data, identity.hostedDomain)) {
        await holdPendingLink(app, nonceId, { subject: identity.subject, emailNormalized: existing.email_normalized });
        return fail(reply, 409, GOOGLE_SIGN_IN_MESSAGES.confirmByCode);
      }
      const countryCode = requestLocation(app, request).country || null;
      const made = await findOrCreateJobSeeker(app.db, {
        email: email.data,
        countryCode,
        emailAlertsOptIn: emailAlertsOptIn(countryCode, body.explicit_opt_in),
        now,
      });
      account = made.account;
      isNewRegistration = made.created;
      await linkIdentity(app.db, { provider: GOOGLE_PROVIDER, subject: identity.subject, accountId: account.id, email: email.data, now });
    }

    await app.startSession(request, reply, account, { newAccount: isNewRegistration });
    const answer: GoogleSignInResponse = {
      success: true,
      errorMessage: null,
      isNewRegistration,
      ...(body.redirect_url ? { redirectUrl: body.redirect_url } : {}),
    };
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
