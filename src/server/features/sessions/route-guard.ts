// Routes declare who may call them (`config: { requireRole }`); one preValidation hook enforces it, so no
// route checks the session inline (house style: "routes declare what they need").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPath } from '../../../shared/own-path';
import { sendNotFound as sendNotFoundReply } from '../../shared/refusals';
import { COMPANY_MESSAGES, COMPANY_PATHS, type CompanyRole } from '../../../shared/companies/constants';
import { SEEKER_MESSAGES } from '../../../shared/seeker/constants';
import { ADMIN_ROLE } from '../../../shared/accounts/roles';
import { quickHook } from '../../lib/quick-hook';

/**
 * - seeker: any signed-in person (one email is one person: an employer may save and apply too).
 * - employer: a session started on the employer side, of a member of a company; `request.employer`
 *   is set. With `companyOptional`, an employer-side session without a company passes too (the
 *   "create your company" step), with `request.employer` null.
 * - admin: an account with the admin role; everyone else gets the ordinary 404 (decision 0052).
 * - person: any signed-in person, on the side their session is on: a seeker-side session passes as
 *   'seeker' does, an employer-side one as 'employer' does (pages both sides have, such as /messages).
 */
export type RequiredRole = 'seeker' | 'employer' | 'admin' | 'person';

export interface EmployerContext {
  accountId: string;
  companyId: string;
  role: CompanyRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    requireRole?: RequiredRole;
    /**
     * Where a visitor is sent back after logging in, when a plain form post is refused. Default: the
     * form's own `next` field, else the page the form was on (Referer), else the request's path.
     */
    signInNext?: (request: FastifyRequest) => string | null | Promise<string | null>;
  }
  interface FastifyRequest {
    /** Set for routes with requireRole 'employer' by the companies feature's guard: the member's company and role. */
    employer: EmployerContext | null;
  }
}

export const PRIVATE = 'private, no-store';

/** Our fetch client sends X-Requested-With: it gets JSON. A browser's page load or plain form post gets a page or a redirect. */
export function wantsJson(request: FastifyRequest): boolean {
  return request.headers['x-requested-with'] === 'XMLHttpRequest';
}

/** Our own path, normalised first (issue 14, finding 6): the one rule in src/shared/own-path.ts. */
export { ownPath };

export function refererPath(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    const url = new URL(referer);
    return ownPath(`${url.pathname}${url.search}`);
  } catch {
    return null;
  }
}

export function seekerLoginPath(next: string): string {
  return `/authn/login?next=${encodeURIComponent(next)}`;
}

export function employerLoginPath(next: string): string {
  return `${COMPANY_PATHS.employerLogin}?next=${encodeURIComponent(next)}`;
}

async function nextAfterLogin(request: FastifyRequest): Promise<string> {
  if (request.method === 'GET' || request.method === 'HEAD') return ownPath(request.url) ?? '/';
  const custom = await request.routeOptions.config.signInNext?.(request);
  if (custom) return custom;
  const body = request.body;
  const field = body && typeof body === 'object' && 'next' in body && typeof body.next === 'string' ? ownPath(body.next) : null;
  return field ?? refererPath(request) ?? ownPath(request.url.split('?')[0]) ?? '/';
}

async function refuseSignIn(request: FastifyRequest, reply: FastifyReply, side: 'seeker' | 'employer') {
  if (wantsJson(request)) {
    const message = side === 'employer' ? COMPANY_MESSAGES.signInRequired : SEEKER_MESSAGES.signInRequired;
    return reply.status(401).header('cache-control', PRIVATE).send({ status: 'SIGN_IN_REQUIRED', error_message: message });
  }
  const next = await nextAfterLogin(request);
  return reply.header('cache-control', PRIVATE).redirect(side === 'employer' ? employerLoginPath(next) : seekerLoginPath(next), 303);
}

export async function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  if (wantsHtml) return reply.header('cache-control', PRIVATE).renderPage('not-found', {}, { title: 'Page not found', status: 404, noIndex: true });
  return sendNotFoundReply(reply, { cacheControl: PRIVATE });
}

/**
 * Who may call a route, as far as the session tells: signed in, on which side, an admin. Whether an
 * employer-side person is a member of a company is the companies feature's own hook (decision 0314),
 * which runs after this one and sets `request.employer`.
 */
export function installRouteGuard(app: FastifyInstance) {
  app.decorateRequest('employer', null);

  // Before the route's schema is checked: who may call comes before what they sent (decision 0250).
  app.addHook('preValidation', quickHook((request) => Boolean(request.routeOptions.config.requireRole), async (request, reply) => {
    const role = request.routeOptions.config.requireRole;
    const user = request.user;
    if (role === 'seeker') {
      if (!user) return refuseSignIn(request, reply, 'seeker');
      return;
    }
    if (role === 'admin') {
      if (user?.role !== ADMIN_ROLE) return sendNotFound(request, reply);
      return;
    }
    if (role === 'person') {
      if (!user) return refuseSignIn(request, reply, 'seeker');
      if (user.side !== 'employer') return;
    }
    if (!user || user.side !== 'employer') return refuseSignIn(request, reply, 'employer');
  }));
}

/** The signed-in person in a route that declared requireRole (the guard has let only them through). */
export function signedInUser(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!request.user) throw new Error('requireRole is missing on this route');
  return request.user;
}

/** The member's company in a route that declared requireRole 'employer' without companyOptional. */
export function employerOf(request: FastifyRequest): EmployerContext {
  if (!request.employer) throw new Error("requireRole 'employer' is missing on this route");
  return request.employer;
}
