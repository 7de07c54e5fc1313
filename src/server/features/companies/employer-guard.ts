// The employer half of the route guard (decision 0314): the sessions guard has let an employer-side
// session through; here the companies feature, which owns memberships, decides what that person may reach.
import type { FastifyInstance } from 'fastify';
import { ownPath } from '../../../shared/own-path';
import { COMPANY_MESSAGES, COMPANY_PATHS } from '../../../shared/companies/constants';
import { PLAN_MESSAGES, PLAN_USAGE_PATHS } from '../../../shared/companies/plan-usage';
import { quickHook } from '../../lib/quick-hook';
import { sendForbidden } from '../../shared/refusals';
import { PRIVATE, wantsJson } from '../sessions/route-guard';
import { findMembership } from './company.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** requireRole 'employer' without a company yet (creating one, accepting an invitation). */
    companyOptional?: boolean;
    /** requireRole 'employer' for a member of a closed company too: only its reactivate page (decision 0289). */
    closedCompanyAllowed?: boolean;
  }
}

/** Routes for an employer-side session: requireRole 'employer', and 'person' when the session is on the employer side. */
function isEmployerRoute(request: { routeOptions: { config: { requireRole?: string } }; user: { side: string } | null }): boolean {
  const role = request.routeOptions.config.requireRole;
  return (role === 'employer' || role === 'person') && request.user?.side === 'employer';
}

/** Runs after the sessions guard (registered after it), so every request here is an employer-side session. */
export function installEmployerGuard(app: FastifyInstance) {
  app.addHook('preValidation', quickHook(isEmployerRoute, async (request, reply) => {
    const config = request.routeOptions.config;
    const user = request.user!;
    // Looked up on every request, so a member removed by the owner is refused at their next request.
    const membership = await findMembership(app.db, user.id);
    if (membership) {
      // A closed company's team loses the workspace (decision 0289): every page leads to the one that says so.
      if (membership.closed && !config.closedCompanyAllowed) {
        if (wantsJson(request)) return sendForbidden(reply, 'COMPANY_CLOSED', PLAN_MESSAGES.companyClosed, { cacheControl: PRIVATE });
        return reply.header('cache-control', PRIVATE).redirect(PLAN_USAGE_PATHS.reactivate, 303);
      }
      request.employer = { accountId: user.id, companyId: membership.companyId, role: membership.role };
      return;
    }
    if (config.companyOptional) return;
    if (wantsJson(request)) {
      return sendForbidden(reply, 'COMPANY_REQUIRED', COMPANY_MESSAGES.companyRequired, { cacheControl: PRIVATE });
    }
    const next = request.method === 'GET' ? ownPath(request.url) : null;
    const target = next && next !== COMPANY_PATHS.employerHome ? `${COMPANY_PATHS.create}?next=${encodeURIComponent(next)}` : COMPANY_PATHS.create;
    return reply.header('cache-control', PRIVATE).redirect(target, 303);
  }));
}
