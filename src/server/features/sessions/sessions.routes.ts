import type { FastifyInstance } from 'fastify';

/** Log-out: a plain form post from the header (same-origin checked), then home. */
export default async function sessionRoutes(app: FastifyInstance) {
  app.post('/logout', async (request, reply) => {
    await app.endSession(request, reply);
    return reply.header('cache-control', 'no-store').redirect('/', 303);
  });
}
