// References (issue 43, decision 0235). A link is "<request id>.<secret>": the id finds the row, the
// secret's HMAC (with the server secret) is compared in constant time, so the database never holds a
// usable link. The same shape serves the reference giver's alert offer, with its own secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_ALERTS } from '../../../shared/seeker/constants';
import { REFERENCE_LIMITS, REFERENCE_MESSAGES, REFERENCE_PATHS, type AskReference, type SharedReferenceView } from '../../../shared/references/references';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import { secureRandomBytes } from '../../lib/random-bytes';
import { escapeHtml } from '../../plugins/ssr';
import { findOrCreateJobSeeker, normalizeEmail } from '../accounts/account-repository';
import type { MailMessage } from '../mail/mailer';
import { consumeRateLimit, refundRateLimit, type RateLimit } from '../rate-limits/rate-limiter';
import { addAlert } from '../seeker/seeker.repository';
import type { ReferenceRequestRow } from './references.table';
import { DAY_MS } from '../../../shared/time';

const LINK_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const ASKS_PER_DAY: RateLimit = { name: 'reference-asks', max: REFERENCE_LIMITS.asksPerDay, windowMs: DAY_MS };

type Purpose = 'reference' | 'giver-alert';

export function referenceSecretHash(serverSecret: string, purpose: Purpose, secret: string): string {
  return createHmac('sha256', serverSecret).update(`${purpose}:${secret}`).digest('hex');
}

function newLink(serverSecret: string, purpose: Purpose, id: string): { link: string; hash: string } {
  const secret = secureRandomBytes(32).toString('base64url');
  return { link: `${id}.${secret}`, hash: referenceSecretHash(serverSecret, purpose, secret) };
}

function sameHash(stored: string | null, computed: string): boolean {
  if (stored === null) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The row a link names, when its secret matches; undefined for anything else (nothing tells which part was wrong). */
async function rowOfLink(app: FastifyInstance, purpose: Purpose, link: string): Promise<ReferenceRequestRow | undefined> {
  const match = LINK_PATTERN.exec(link);
  if (!match) return undefined;
  const row = await app.db.selectFrom('reference_requests').selectAll().where('id', '=', match[1]!).executeTakeFirst();
  if (!row) return undefined;
  // Made under any key accepted now: a rotated secret's links keep working for its grace time (decision 0276).
  const stored = purpose === 'reference' ? row.token_hash : row.alert_token_hash;
  const keys = app.config.secrets.references.accepted(app.now());
  return keys.some((key) => sameHash(stored, referenceSecretHash(key, purpose, match[2]!))) ? row : undefined;
}

const numeric = (row: ReferenceRequestRow): ReferenceRequestRow => ({
  ...row,
  created_at: Number(row.created_at),
  expires_at: Number(row.expires_at),
  submitted_at: row.submitted_at === null ? null : Number(row.submitted_at),
  shown_to_employers: Number(row.shown_to_employers),
  alert_expires_at: row.alert_expires_at === null ? null : Number(row.alert_expires_at),
  alert_created_at: row.alert_created_at === null ? null : Number(row.alert_created_at),
});

export async function referencesOf(db: Db, seekerAccountId: string): Promise<ReferenceRequestRow[]> {
  const rows = await db.selectFrom('reference_requests').selectAll().where('seeker_account_id', '=', seekerAccountId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(numeric);
}

/** Waiting (link still valid) or received: what counts against the five. */
export const isActive = (row: ReferenceRequestRow, now: number) => row.submitted_at !== null || row.expires_at > now;

/** The name the seeker gave on their profile, else their email's first part (the reference giver knows them). */
export async function seekerNameOf(db: Db, accountId: string): Promise<string> {
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('seeker_profiles as p', 'p.account_id', 'a.id')
    .select(['a.email', 'p.full_name'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row) return 'A Jobwise member';
  return row.full_name?.trim() || row.email.split('@')[0] || 'A Jobwise member';
}

export type AskOutcome = { ok: true } | { ok: false; field: 'email' | null; message: string };

/** The seeker asks one person: refused for their own address, a person already asked, the five, the daily cap. */
export async function askForReference(app: FastifyInstance, seeker: { id: string; email: string }, input: AskReference): Promise<AskOutcome> {
  const now = app.now();
  const emailNormalized = normalizeEmail(input.email);
  if (emailNormalized === normalizeEmail(seeker.email)) return { ok: false, field: 'email', message: REFERENCE_MESSAGES.ownEmail };
  const active = (await referencesOf(app.db, seeker.id)).filter((row) => isActive(row, now));
  if (active.some((row) => row.referee_email_normalized === emailNormalized)) return { ok: false, field: 'email', message: REFERENCE_MESSAGES.alreadyAsked };
  if (active.length >= REFERENCE_LIMITS.activeMax) return { ok: false, field: null, message: REFERENCE_MESSAGES.tooMany };
  const allowed = await consumeRateLimit(app.rateLimits.store, ASKS_PER_DAY, seeker.id, now);
  if (!allowed.allowed) return { ok: false, field: null, message: REFERENCE_MESSAGES.dailyCap };
  const id = newRowId();
  const { link, hash } = newLink(app.config.secrets.references.current, 'reference', id);
  await app.db
    .insertInto('reference_requests')
    .values({
      id,
      seeker_account_id: seeker.id,
      referee_name: input.name,
      referee_email: input.email,
      referee_email_normalized: emailNormalized,
      relationship: input.relationship,
      token_hash: hash,
      created_at: now,
      expires_at: now + REFERENCE_LIMITS.linkDays * DAY_MS,
    })
    .execute();
  const seekerName = await seekerNameOf(app.db, seeker.id);
  try {
    await app.mailer.send(referenceRequestEmail({ to: input.email, refereeName: input.name, seekerName, url: `${app.config.PUBLIC_URL}${REFERENCE_PATHS.submit}/${link}` }));
  } catch (error) {
    // No mail, no request: the person can try again, and the day's count is given back.
    await app.db.deleteFrom('reference_requests').where('id', '=', id).execute();
    await refundRateLimit(app.rateLimits.store, ASKS_PER_DAY, seeker.id, now);
    throw error;
  }
  return { ok: true };
}

export function referenceRequestEmail(options: { to: string; refereeName: string; seekerName: string; url: string }): MailMessage {
  const subject = `${options.seekerName} asked you for a reference`;
  const lines = [
    `Hello ${options.refereeName},`,
    `${options.seekerName} is looking for a job on Jobwise and asked you for a short reference.`,
    `It takes a few minutes and needs no account. ${options.seekerName} chooses which employers see it.`,
  ];
  const note = `The link works once and expires in ${REFERENCE_LIMITS.linkDays} days. If you did not expect this email, you can ignore it.`;
  const text = [subject, '', ...lines, '', `Write the reference: ${options.url}`, '', note].join('\n');
  const html =
    '<!doctype html><html lang="en"><body>' +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(options.url)}">Write the reference</a></p>` +
    `<p>${escapeHtml(note)}</p>` +
    '</body></html>';
  return { to: options.to, subject, text, html, kind: 'reference-request' };
}

export type LinkState = 'ready' | 'used' | 'expired' | 'invalid';

export async function lookUpReferenceLink(app: FastifyInstance, link: string): Promise<{ state: LinkState; row: ReferenceRequestRow | null }> {
  const found = await rowOfLink(app, 'reference', link);
  if (!found) return { state: 'invalid', row: null };
  const row = numeric(found);
  if (row.submitted_at !== null) return { state: 'used', row };
  if (row.expires_at <= app.now()) return { state: 'expired', row };
  return { state: 'ready', row };
}

/**
 * Stores the reference once: one conditional update (not yet sent, not expired) decides, so a second
 * use, even at the same moment, changes nothing. Answers the giver's alert link, or the state that refused.
 */
export async function submitReference(app: FastifyInstance, link: string, text: string): Promise<{ ok: true; alertLink: string } | { ok: false; state: LinkState }> {
  const looked = await lookUpReferenceLink(app, link);
  if (looked.state !== 'ready' || !looked.row) return { ok: false, state: looked.state };
  const now = app.now();
  const alert = newLink(app.config.secrets.references.current, 'giver-alert', looked.row.id);
  const result = await app.db
    .updateTable('reference_requests')
    .set({ submitted_at: now, reference_text: text, alert_token_hash: alert.hash, alert_expires_at: now + REFERENCE_LIMITS.alertDays * DAY_MS })
    .where('id', '=', looked.row.id)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, state: 'used' };
  return { ok: true, alertLink: alert.link };
}

export type AlertLinkState = 'ready' | 'used' | 'expired' | 'invalid';

export async function lookUpGiverAlertLink(app: FastifyInstance, link: string): Promise<{ state: AlertLinkState; row: ReferenceRequestRow | null }> {
  const found = await rowOfLink(app, 'giver-alert', link);
  if (!found) return { state: 'invalid', row: null };
  const row = numeric(found);
  if (row.alert_created_at !== null) return { state: 'used', row };
  if ((row.alert_expires_at ?? 0) <= app.now()) return { state: 'expired', row };
  return { state: 'ready', row };
}

/**
 * The reference giver's own alert. The emailed link proved the address, so the alert goes on the job
 * seeker account of that address, made now if there is none; they sign in by code later to change it.
 */
export async function createGiverAlert(
  app: FastifyInstance,
  link: string,
  fields: { search: string; location: string },
): Promise<{ ok: true } | { ok: false; state: AlertLinkState | 'limit' }> {
  const looked = await lookUpGiverAlertLink(app, link);
  if (looked.state !== 'ready' || !looked.row) return { ok: false, state: looked.state };
  const now = app.now();
  const claimed = await app.db
    .updateTable('reference_requests')
    .set({ alert_created_at: now })
    .where('id', '=', looked.row.id)
    .where('alert_created_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, state: 'used' };
  const { account } = await findOrCreateJobSeeker(app.db, { email: looked.row.referee_email, countryCode: null, emailAlertsOptIn: true, now });
  const outcome = await addAlert(app.db, account.id, { search: fields.search, location: fields.location, radius: 25, frequency: 'weekly' }, now, MAX_ALERTS);
  if (outcome === 'limit') {
    await app.db.updateTable('reference_requests').set({ alert_created_at: null }).where('id', '=', looked.row.id).execute();
    return { ok: false, state: 'limit' };
  }
  return { ok: true };
}

export async function setReferenceShown(db: Db, seekerAccountId: string, id: string, shown: boolean): Promise<boolean> {
  const result = await db
    .updateTable('reference_requests')
    .set({ shown_to_employers: shown ? 1 : 0 })
    .where('id', '=', id)
    .where('seeker_account_id', '=', seekerAccountId)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function removeReference(db: Db, seekerAccountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('reference_requests').where('id', '=', id).where('seeker_account_id', '=', seekerAccountId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
export const formatDay = (ms: number) => days.format(new Date(ms));

/** For the application page (decision 0235): only references received and chosen by the seeker. */
export async function sharedReferencesOf(db: Db, seekerAccountId: string): Promise<SharedReferenceView[]> {
  const rows = await db
    .selectFrom('reference_requests')
    .select(['referee_name', 'relationship', 'submitted_at', 'reference_text'])
    .where('seeker_account_id', '=', seekerAccountId)
    .where('shown_to_employers', '=', 1)
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .execute();
  return rows.map((row) => ({ name: row.referee_name, relationship: row.relationship, received: formatDay(Number(row.submitted_at)), text: row.reference_text ?? '' }));
}
