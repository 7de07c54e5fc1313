// Nonces for Google sign-in (issue 14, decision 0087): issued by the server, bound to the visitor by an
// HttpOnly cookie, accepted once, and checked against the `nonce` claim of the ID token. A token that
// was copied from another browser, or replayed, carries a nonce this visitor's cookie does not hold.
import { createHash, timingSafeEqual } from 'node:crypto';
import { secureRandomBytes } from '../../lib/random-bytes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const GOOGLE_NONCE_COOKIE = 'jw_gnonce';
export const NONCE_TTL_MS = 10 * 60 * 1000;
/** How long a Google identity waits for the visitor to sign in by code before it is forgotten. */
export const PENDING_LINK_TTL_MS = 30 * 60 * 1000;

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function cookieOptions(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.isProduction, signed: false };
}

/** Nonces the cookie keeps: a page asks for a new one right after using one (and tabs overlap). */
const NONCES_PER_VISITOR = 3;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The visitor's nonces, newest last, from the cookie (a '.'-joined list). */
function visitorNonces(request: FastifyRequest): string[] {
  return (request.cookies[GOOGLE_NONCE_COOKIE] ?? '').split('.').filter((nonce) => NONCE_PATTERN.test(nonce)).slice(-NONCES_PER_VISITOR);
}

/** A new nonce for this visitor: stored (hashed), added to the cookie, and answered for the page to pass to Google. */
export async function issueGoogleNonce(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const now = app.now();
  const nonce = secureRandomBytes(24).toString('base64url'); // 32 characters
  // Expired nonces go as new ones come (the index on expires_at keeps this cheap).
  await app.db.deleteFrom('google_sign_in_nonces').where('expires_at', '<', now).where((eb) => eb.or([eb('link_expires_at', 'is', null), eb('link_expires_at', '<', now)])).execute();
  await app.db.insertInto('google_sign_in_nonces').values({ id: hashNonce(nonce), created_at: now, expires_at: now + NONCE_TTL_MS, used_at: null, link_subject: null, link_email_normalized: null, link_expires_at: null }).execute();
  const kept = [...visitorNonces(request).slice(-(NONCES_PER_VISITOR - 1)), nonce].join('.');
  reply.setCookie(GOOGLE_NONCE_COOKIE, kept, { ...cookieOptions(app), maxAge: Math.floor(PENDING_LINK_TTL_MS / 1000) });
  return nonce;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(hashNonce(a), 'hex');
  const right = Buffer.from(hashNonce(b), 'hex');
  return timingSafeEqual(left, right);
}

/**
 * Accepts the token's nonce once: it must equal this visitor's cookie and be unused and unexpired.
 * Answers the nonce's id (for a pending link), or null when refused.
 */
export async function consumeGoogleNonce(app: FastifyInstance, request: FastifyRequest, tokenNonce: string | undefined): Promise<string | null> {
  if (!tokenNonce || !visitorNonces(request).some((nonce) => sameText(tokenNonce, nonce))) return null;
  const id = hashNonce(tokenNonce);
  const now = app.now();
  const used = await app.db
    .updateTable('google_sign_in_nonces')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? id : null;
}

/** Keeps a Google identity to link once this visitor proves the address by code (Google not authoritative for it). */
export async function holdPendingLink(app: FastifyInstance, nonceId: string, link: { subject: string; emailNormalized: string }): Promise<void> {
  await app.db
    .updateTable('google_sign_in_nonces')
    .set({ link_subject: link.subject, link_email_normalized: link.emailNormalized, link_expires_at: app.now() + PENDING_LINK_TTL_MS })
    .where('id', '=', nonceId)
    .execute();
}

/**
 * After a sign-in by code: the Google identity this same visitor (by the nonce cookie) tried for this
 * address, if any, is linked now, the mailbox being proved. Answers the subject linked, or null.
 */
export async function takePendingLink(app: FastifyInstance, request: FastifyRequest, emailNormalized: string): Promise<string | null> {
  const ids = visitorNonces(request).map(hashNonce);
  if (ids.length === 0) return null;
  const row = await app.db
    .selectFrom('google_sign_in_nonces')
    .select(['id', 'link_subject', 'link_email_normalized', 'link_expires_at'])
    .where('id', 'in', ids)
    .where('link_email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  if (!row?.link_subject || row.link_email_normalized !== emailNormalized || Number(row.link_expires_at) <= app.now()) return null;
  const taken = await app.db.updateTable('google_sign_in_nonces').set({ link_subject: null, link_email_normalized: null, link_expires_at: null }).where('id', '=', row.id).where('link_subject', '=', row.link_subject).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? row.link_subject : null;
}

/** Google is the authority for Gmail addresses and for Workspace accounts (tokens with an `hd` claim). */
export function googleIsAuthoritative(email: string, hostedDomain: string | undefined): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domain === 'gmail.com' || domain === 'googlemail.com') return true;
  // A Workspace account: its domain's administrator, through Google, vouches for the address.
  return Boolean(hostedDomain);
}
