import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { quickHook } from '../../lib/quick-hook';
import { isPlumbingRequest } from '../tracking/request-kind';
import { installRouteGuard } from './route-guard';
import { createSession, deleteExpiredSessions, deleteSession, findSessionUser, setSessionSide, type SessionSide } from './session-repository';
import { DAY_MS } from '../../../shared/time';

export const SESSION_COOKIE = 'jw_session';

/** The account a session starts for, as just read or written by the sign-in. */
export interface SessionAccount {
  id: string;
  email: string;
  role: string;
}

export interface StartSessionOptions {
  side?: SessionSide;
  /** The account was made by this very sign-in: it has no earlier sessions to tidy. */
  newAccount?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Logs the person in on one side of the site (decision 0100) and sets `request.user`: drops any session
     * the request carried and sets a new one (rotation).
     */
    startSession(request: FastifyRequest, reply: FastifyReply, account: SessionAccount, options?: StartSessionOptions): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Moves the signed-in person's session to the other side (no new code: same person). */
    switchSessionSide(request: FastifyRequest, side: SessionSide): Promise<void>;
  }
}

/**
 * Sets `request.user` from the session cookie (an unknown or expired cookie is cleared), and enforces
 * each route's `requireRole` (route-guard.ts).
 */
async function sessionsPlugin(app: FastifyInstance) {
  const cookieOptions = () => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.isProduction,
  });

  app.addHook(
    'onRequest',
    quickHook(
      (request) => Boolean(request.cookies[SESSION_COOKIE]) && !isPlumbingRequest(request),
      async (request, reply) => {
        const id = request.cookies[SESSION_COOKIE]!;
        const user = id.length <= 100 ? await findSessionUser(app.db, id, app.now()) : null;
        if (user) request.user = user;
        else reply.clearCookie(SESSION_COOKIE, cookieOptions());
      },
    ),
  );

  installRouteGuard(app);

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, account: SessionAccount, options: StartSessionOptions = {}) => {
    const side = options.side ?? 'seeker';
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(app.db, previous);
    if (!options.newAccount) await deleteExpiredSessions(app.db, account.id, app.now());
    const ttlMs = app.config.SESSION_TTL_DAYS * DAY_MS;
    const session = await createSession(app.db, account.id, app.now(), ttlMs, side);
    reply.setCookie(SESSION_COOKIE, session.id, { ...cookieOptions(), maxAge: Math.floor(ttlMs / 1000) });
    request.user = { id: account.id, email: account.email, role: account.role, side };
  });

  app.decorate('switchSessionSide', async (request: FastifyRequest, side: SessionSide) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || !request.user) return;
    await setSessionSide(app.db, id, side);
    request.user = { ...request.user, side };
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) await deleteSession(app.db, id);
    request.user = null;
    reply.clearCookie(SESSION_COOKIE, cookieOptions());
  });
}

export default fp(sessionsPlugin, { name: 'sessions', dependencies: ['config'] });
