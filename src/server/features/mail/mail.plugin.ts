import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailboxKey } from './mailbox-seal';
import { withListUnsubscribe } from './list-unsubscribe';
import { databaseMailbox, smtpMailer, withMailTimeout, withSendCounts, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * SMTP when SMTP_URL is set, otherwise the database mailbox; either way bounded by MAIL_SEND_TIMEOUT_MS,
 * counted at /metrics, and every message with a kind honours that kind's unsubscribes and carries List-Unsubscribe (decision 0155).
 */
async function mailPlugin(app: FastifyInstance) {
  const { config } = app;
  const inner = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM, config.MAIL_SEND_TIMEOUT_MS) : databaseMailbox(app.db, () => app.now(), mailboxKey(config.SESSION_SECRET));
  // Counted after the timeout, so a send that took too long is a failure, as its caller sees it.
  const bounded = withSendCounts(withMailTimeout(inner, config.MAIL_SEND_TIMEOUT_MS), (kind, outcome) => app.metrics.countEmail(kind, outcome));
  app.decorate('mailer', withListUnsubscribe(bounded, { db: app.db, secret: config.SESSION_SECRET, publicUrl: config.PUBLIC_URL }));
  app.addHook('onClose', async () => inner.close());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['config', 'metrics'] });
