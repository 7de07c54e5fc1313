import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPlumbingRequest } from '../tracking/request-kind';
import { createSession, deleteExpiredSessions, deleteSession, findSessionUser } from './session-repository';

export const SESSION_COOKIE = 'jw_session';
const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Logs the person in: drops any session the request carried and sets a new one (rotation). */
    startSession(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Sets `request.user` from the session cookie; an unknown or expired cookie is cleared. */
async function sessionsPlugin(app: FastifyInstance) {
  const cookieOptions = () => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.isProduction,
  });

  app.addHook('onRequest', async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || isPlumbingRequest(request)) return;
    const user = id.length <= 100 ? await findSessionUser(app.db, id, app.now()) : null;
    if (user) request.user = user;
    else reply.clearCookie(SESSION_COOKIE, cookieOptions());
  });

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(app.db, previous);
    await deleteExpiredSessions(app.db, accountId, app.now());
    const ttlMs = app.config.SESSION_TTL_DAYS * DAY_MS;
    const session = await createSession(app.db, accountId, app.now(), ttlMs);
    reply.setCookie(SESSION_COOKIE, session.id, { ...cookieOptions(), maxAge: Math.floor(ttlMs / 1000) });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) await deleteSession(app.db, id);
    request.user = null;
    reply.clearCookie(SESSION_COOKIE, cookieOptions());
  });
}

export default fp(sessionsPlugin, { name: 'sessions', dependencies: ['config'] });
