import { noBody, type RoutesApp } from '../../shared/route-contracts';

/** Log-out: a plain form post from the header (same-origin checked), then home. */
export default async function sessionRoutes(app: RoutesApp) {
  app.post('/logout', { schema: { body: noBody } }, async (request, reply) => {
    await app.endSession(request, reply);
    return reply.header('cache-control', 'no-store').redirect('/', 303);
  });
}
