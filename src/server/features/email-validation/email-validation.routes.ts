import { EmailValidationExperimentSchema, EmailValidationRequestSchema, EmailValidationResponseSchema, type EmailValidationExperiment } from '../../../shared/registration/contracts';
import { registrationErrorMessage } from '../../../shared/registration/statuses';
import type { RoutesApp } from '../../shared/route-contracts';
import { z } from 'zod';
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

export default async function emailValidationRoutes(app: RoutesApp) {
  const experimentSchema = { querystring: EmailValidationTestQuerySchema, response: { 200: EmailValidationExperimentSchema } };
  app.get(REGISTRATION_PATHS.emailValidationExperiment, { schema: experimentSchema }, async (request, reply) => {
    const { query } = request;
    return reply.header('cache-control', 'no-store').send(experimentConfig(query.email_validation_test ?? app.config.EMAIL_VALIDATION_VARIANT));
  });

  // The answer also says which check failed (result), beyond the spec's status and message.
  const validationSchema = { body: EmailValidationRequestSchema, response: { 200: EmailValidationResponseSchema.extend({ result: z.string().optional() }) } };
  app.post(EMAIL_VALIDATION_PATH, { config: { requireXhr: true, clientRateLimit: true }, schema: validationSchema }, async (request, reply) => {
    const { body } = request;
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
