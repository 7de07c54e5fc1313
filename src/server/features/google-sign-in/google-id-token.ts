import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** What a verified Google ID token says about the person. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  /** The nonce the page passed to Google (decision 0087). */
  nonce?: string;
  /** Google Workspace domain of the account: Google is authoritative for its address. */
  hostedDomain?: string;
}

export type GoogleTokenCheck =
  | { ok: true; identity: GoogleIdentity }
  /** The token is not good: forged, expired, for another client, from another issuer, email unverified. */
  | { ok: false; reason: 'invalid'; detail: string }
  /** Google's keys could not be fetched: nothing can be said about the token now. */
  | { ok: false; reason: 'unavailable'; detail: string };

export interface GoogleTokenVerifier {
  verify(token: string, options: { audience: string; now: number }): Promise<GoogleTokenCheck>;
}

/** Claims we act on. Google sends email_verified as a boolean (older tokens: the text "true"). */
const GoogleClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().min(3).max(320),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]),
  nonce: z.string().max(200).optional(),
  hd: z.string().max(253).optional(),
});

/** Errors that say the token itself is bad (as opposed to Google's key server being unreachable). */
const INVALID_TOKEN_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKInvalid,
];

/**
 * Checks Google ID tokens for real: RS256 signature against the published key set (fetched once,
 * cached by jose for 10 minutes, fetched again at most every 30 s when an unknown key id appears),
 * issuer, audience, expiry, and a verified email.
 */
export function googleTokenVerifier(options: { jwksUrl: string; issuers: string[]; keys?: JWTVerifyGetKey }): GoogleTokenVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  return {
    async verify(token, { audience, now }) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuers,
          audience,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'sub', 'email'],
          currentDate: new Date(now),
          clockTolerance: 5,
        }));
      } catch (error) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        if (INVALID_TOKEN_ERRORS.some((kind) => error instanceof kind)) return { ok: false, reason: 'invalid', detail };
        return { ok: false, reason: 'unavailable', detail };
      }
      const claims = GoogleClaimsSchema.safeParse(payload);
      if (!claims.success) return { ok: false, reason: 'invalid', detail: 'claims missing or malformed' };
      if (!claims.data.email_verified) return { ok: false, reason: 'invalid', detail: 'email not verified' };
      const { sub, email, nonce, hd } = claims.data;
      return { ok: true, identity: { subject: sub, email, ...(nonce ? { nonce } : {}), ...(hd ? { hostedDomain: hd } : {}) } };
    },
  };
}
