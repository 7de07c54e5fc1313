import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emailChecker, type EmailChecker } from './email-check';

declare module 'fastify' {
  interface FastifyInstance {
    emailChecker: EmailChecker;
  }
}

async function emailValidationPlugin(app: FastifyInstance) {
  const { config } = app;
  app.decorate(
    'emailChecker',
    emailChecker({ mailgunApiKey: config.MAILGUN_API_KEY, mailgunApiUrl: config.MAILGUN_API_URL, timeoutMs: config.EMAIL_CHECK_TIMEOUT_MS }),
  );
}

export default fp(emailValidationPlugin, { name: 'email-validation', dependencies: ['config'] });
