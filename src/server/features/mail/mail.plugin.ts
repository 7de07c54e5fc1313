import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailboxKey } from './mailbox-seal';
import { checkUnsubscribeListKey, withListUnsubscribe } from './list-unsubscribe';
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
  app.decorate('mailer', withListUnsubscribe(bounded, { db: app.db, listKey: config.UNSUBSCRIBE_LIST_KEY, linkKey: config.secrets.unsubscribeLinks.current, publicUrl: config.PUBLIC_URL }));
  app.addHook('onClose', async () => inner.close());
  // A changed list key would re-subscribe everyone who opted out: start-up stops instead (decision 0276).
  app.addHook('onReady', async () => checkUnsubscribeListKey(app.db, config.UNSUBSCRIBE_LIST_KEY, app.now()));
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['config', 'metrics'] });
