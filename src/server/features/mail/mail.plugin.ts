import { isDatabaseUnavailable } from '../../db/connection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailboxKey } from './mailbox-seal';
import { checkUnsubscribeListKey, UnsubscribeListKeyChangedError, withListUnsubscribe } from './list-unsubscribe';
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
  // A database out of reach is not a refusal: the instance starts not ready (decision 0142), and the
  // start-up that migrated or checked its migrations (main.ts) reached the database first.
  app.addHook('onReady', async () => {
    try {
      await checkUnsubscribeListKey(app.db, config.UNSUBSCRIBE_LIST_KEY, app.now());
    } catch (error) {
      if (error instanceof UnsubscribeListKeyChangedError || !isDatabaseUnavailable(error)) throw error;
      app.log.warn({ err: error }, 'the unsubscribe list key was not checked: the database is out of reach');
    }
  });
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['config', 'metrics'] });
