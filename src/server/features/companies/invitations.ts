// Team invitations: a random token in an emailed link, stored only as an HMAC with the invitations' secret
// (decision 0276).
// Valid 7 days, used once, only by the invited address (issue 11; decision 0101).
import { createHmac } from 'node:crypto';
import { secureRandomBytes } from '../../lib/random-bytes';
import type { FastifyInstance } from 'fastify';
import { COMPANY_LIMITS, COMPANY_MESSAGES, COMPANY_PATHS } from '../../../shared/companies/constants';
import type { InvitationState } from '../../../shared/companies/page-props';
import { normalizeEmail } from '../accounts/account-repository';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../plugins/ssr';
import type { CompanyInvitationRow } from './companies.table';
import { findInvitationByTokenHash, findMembership, insertInvitation, listMembers, listOpenInvitations } from './company.repository';
import { DAY_MS } from '../../../shared/time';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function invitationTokenHash(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`company-invitation:${token}`).digest('hex');
}

export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${COMPANY_PATHS.invitation}/${token}`;
}

export type InviteOutcome = { ok: true } | { ok: false; message: string };

/** The owner invites an address: refused when it is already on the team or too many are open. */
export async function inviteColleague(
  app: FastifyInstance,
  input: { companyId: string; companyName: string; email: string; invitedBy: string; invitedByEmail: string },
): Promise<InviteOutcome> {
  const now = app.now();
  const emailNormalized = normalizeEmail(input.email);
  const members = await listMembers(app.db, input.companyId);
  if (members.some((member) => normalizeEmail(member.email) === emailNormalized)) return { ok: false, message: COMPANY_MESSAGES.inviteAlreadyMember };
  const open = await listOpenInvitations(app.db, input.companyId, now);
  if (open.length >= COMPANY_LIMITS.openInvitationsMax) return { ok: false, message: COMPANY_MESSAGES.inviteTooMany };
  const token = secureRandomBytes(32).toString('base64url');
  const expiresAt = now + COMPANY_LIMITS.invitationDays * DAY_MS;
  await insertInvitation(app.db, {
    companyId: input.companyId,
    email: input.email.trim(),
    emailNormalized,
    tokenHash: invitationTokenHash(app.config.secrets.invitations.current, token),
    invitedBy: input.invitedBy,
    now,
    expiresAt,
  });
  await app.mailer.send(invitationEmail({ to: input.email.trim(), companyName: input.companyName, invitedBy: input.invitedByEmail, url: invitationUrl(app.config.PUBLIC_URL, token) }));
  return { ok: true };
}

export function invitationEmail(options: { to: string; companyName: string; invitedBy: string; url: string }): MailMessage {
  const subject = `Join ${options.companyName} on Jobwise`;
  const text = [
    subject,
    '',
    `${options.invitedBy} invited you to hire with ${options.companyName} on Jobwise as a recruiter.`,
    '',
    `Accept the invitation: ${options.url}`,
    '',
    `The link works once, only for ${options.to}, and expires in ${COMPANY_LIMITS.invitationDays} days.`,
    "If you didn't expect this invitation, you can ignore this email.",
  ].join('\n');
  const html =
    '<!doctype html><html lang="en"><body>' +
    `<h1>${escapeHtml(subject)}</h1>` +
    `<p>${escapeHtml(options.invitedBy)} invited you to hire with ${escapeHtml(options.companyName)} on Jobwise as a recruiter.</p>` +
    `<p><a href="${escapeHtml(options.url)}">Accept the invitation</a></p>` +
    `<p>The link works once, only for ${escapeHtml(options.to)}, and expires in ${COMPANY_LIMITS.invitationDays} days.</p>` +
    "<p>If you didn't expect this invitation, you can ignore this email.</p>" +
    '</body></html>';
  return { to: options.to, subject, text, html, kind: 'team-invitation' };
}

export interface InvitationLookup {
  state: InvitationState;
  invitation: CompanyInvitationRow | null;
  message: string | null;
}

/** What the link means for this person (or visitor) now. */
export async function lookUpInvitation(app: FastifyInstance, token: string, user: { id: string; email: string } | null): Promise<InvitationLookup> {
  // Made under any key accepted now: a rotated secret's links keep working for its grace time.
  const hashes = app.config.secrets.invitations.accepted(app.now()).map((secret) => invitationTokenHash(secret, token));
  const invitation = TOKEN_PATTERN.test(token) ? await findInvitationByTokenHash(app.db, hashes) : undefined;
  if (!invitation || invitation.revoked_at !== null) return { state: 'invalid', invitation: null, message: COMPANY_MESSAGES.invitationInvalid };
  if (invitation.accepted_at !== null) return { state: 'used', invitation, message: COMPANY_MESSAGES.invitationUsed };
  if (Number(invitation.expires_at) <= app.now()) return { state: 'expired', invitation, message: COMPANY_MESSAGES.invitationExpired };
  if (!user) return { state: 'sign_in', invitation, message: null };
  if (normalizeEmail(user.email) !== invitation.email_normalized) return { state: 'other_email', invitation, message: COMPANY_MESSAGES.invitationOtherEmail };
  const membership = await findMembership(app.db, user.id);
  if (membership && membership.companyId !== invitation.company_id) return { state: 'other_company', invitation, message: COMPANY_MESSAGES.invitationOtherCompany };
  return { state: 'ready', invitation, message: null };
}
