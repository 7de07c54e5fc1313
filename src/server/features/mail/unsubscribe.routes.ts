import { z } from 'zod';
import { EMAIL_KIND_LABELS, MAIL_PATHS, type UserUnsubscribePageProps } from '../../../shared/mail/kinds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { named } from '../../lib/named-plugin';
import { acceptOneClickMultipart, noBody, oneClickUnsubscribeBody, type RoutesApp } from '../../shared/route-contracts';
import { readListUnsubscribeToken, resubscribe, unsubscribe } from './list-unsubscribe';

const PRIVATE = 'private, no-store';
const TokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/**
 * Unsubscribing from one kind of email by its link (decision 0155), without logging in. GET only asks
 * (mail scanners follow links); POST does it, and mail clients' one-click (RFC 8058) posts it from
 * their own origin, so it skips the same-origin check: the signed token is the whole authority, and
 * all it can do is stop one kind of email to one address. Undo is our own page's form (same origin).
 */
export default async function unsubscribeRoutes(app: RoutesApp) {
  // Signed under any key accepted now: a rotated secret's links keep working for its grace time (decision 0276).
  const linkKeys = () => app.config.secrets.unsubscribeLinks.accepted(app.now());
  const render = (token: string, state: UserUnsubscribePageProps['state'], kindLabel: string | null) => {
    const props: UserUnsubscribePageProps = { token: state === 'invalid' ? '' : token, state, kindLabel };
    return props;
  };

  app.get(`${MAIL_PATHS.unsubscribe}/:token`, { schema: { params: TokenParamsSchema } }, async (request, reply) => {
    const { token } = request.params;
    const read = readListUnsubscribeToken(linkKeys(), token);
    const props = render(token, read ? 'confirm' : 'invalid', read ? EMAIL_KIND_LABELS[read.kind] : null);
    return reply.header('cache-control', PRIVATE).renderPage('user-unsubscribe', props, { title: 'Unsubscribe', noIndex: true, status: read ? 200 : 400 });
  });

  // A mail client's one-click may come form-encoded or as multipart (RFC 8058): its own scope takes both.
  await app.register(
    named(async function oneClickUnsubscribe(scope: FastifyInstance) {
      acceptOneClickMultipart(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(`${MAIL_PATHS.unsubscribe}/:token`, { config: { sameOrigin: false }, schema: { params: TokenParamsSchema, body: oneClickUnsubscribeBody } }, async (request, reply) => {
        const { token } = request.params;
        const read = readListUnsubscribeToken(linkKeys(), token);
        if (read) await unsubscribe(app.db, read.recipient, read.kind, app.now());
        const props = render(token, read ? 'done' : 'invalid', read ? EMAIL_KIND_LABELS[read.kind] : null);
        return reply.header('cache-control', PRIVATE).renderPage('user-unsubscribe', props, { title: 'Unsubscribe', noIndex: true, status: read ? 200 : 400 });
      });
    }),
  );

  app.post(`${MAIL_PATHS.unsubscribe}/:token/undo`, { schema: { params: TokenParamsSchema, body: noBody } }, async (request, reply) => {
    const { token } = request.params;
    const read = readListUnsubscribeToken(linkKeys(), token);
    if (read) await resubscribe(app.db, read.recipient, read.kind);
    const props = render(token, read ? 'undone' : 'invalid', read ? EMAIL_KIND_LABELS[read.kind] : null);
    return reply.header('cache-control', PRIVATE).renderPage('user-unsubscribe', props, { title: 'Unsubscribe', noIndex: true, status: read ? 200 : 400 });
  });
}
