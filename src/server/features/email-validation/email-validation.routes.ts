import type { FastifyInstance } from 'fastify';
import { EmailValidationRequestSchema, type EmailValidationExperiment } from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import { parseInput } from '../../plugins/errors';
import { EmailValidationTestQuerySchema } from './email-validation-test';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';

export const EMAIL_VALIDATION_PATH = REGISTRATION_PATHS.emailValidation;
export const EMAIL_VALIDATION_EXPERIMENT = 'registration_email_validation';

export function experimentConfig(variant: 'none' | 'local_only' | 'local_and_mailgun'): EmailValidationExperiment {
  return {
    experiment: EMAIL_VALIDATION_EXPERIMENT,
    variant,
    shouldPerformLocalValidation: variant !== 'none',
    shouldPerformMailgunValidation: variant === 'local_and_mailgun',
  };
}

export default async function emailValidationRoutes(app: FastifyInstance) {
  app.get(REGISTRATION_PATHS.emailValidationExperiment, async (request, reply) => {
    const query = parseInput(EmailValidationTestQuerySchema, request.query);
    return reply.header('cache-control', 'no-store').send(experimentConfig(query.email_validation_test ?? app.config.EMAIL_VALIDATION_VARIANT));
  });

  app.post(EMAIL_VALIDATION_PATH, { config: { requireXhr: true, clientRateLimit: true } }, async (request, reply) => {
    const body = parseInput(EmailValidationRequestSchema, request.body);
    const result = await app.emailChecker.check(body.email.trim());
    reply.header('cache-control', 'no-store');
    if (result === 'valid') return reply.send({ status: 'MAILGUN_EMAIL_VALIDATION_SUCCESS' });
    return reply.send({
      status: 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN',
      error_message: registrationErrorMessage('MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN'),
      result,
    });
  });
}
