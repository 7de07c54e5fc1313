import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/connection';
import { refusal } from '../shared/refusals';

/**
 * Thrown when input fails a zod schema checked inside a handler (a multipart field, a stored value).
 * Input a route declares is checked by its schema before the handler runs (decision 0250); either way
 * the error handler answers 400 with the catalogue's PROTO_VALIDATION_ERROR, so nothing half-valid is acted on.
 */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    this.name = 'InputValidationError';
  }
}

export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InputValidationError(result.error.issues);
  return result.data;
}

export const INVALID_INPUT_MESSAGE = 'Invalid information provided. Please check your details';
export const SERVER_ERROR_MESSAGE = 'Something went wrong. Please try again';
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Query strings and path parameters without NUL characters. No link of ours carries one, and PostgreSQL
 * refuses it in text ("invalid byte sequence"), which turned a hostile query into a 500 (found by
 * tests/api/fuzz.test.ts); a search with one still answers its page. Bodies are checked by each route's
 * schema (`storableText`), which names the field.
 */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll('\u0000', ''), withoutNul(inner, depth + 1)]));
}

const hasNul = (value: unknown) => typeof value === 'object' && value !== null && JSON.stringify(value).includes('\\u0000');

/**
 * One error handler for the whole app, every body in the spec's shape (status, error_message; decision
 * 0250): a route schema's refusal and an InputValidationError are PROTO_VALIDATION_ERROR 400 naming the
 * field; details go to the log, never to the client on a 5xx (an answer that fails its own response
 * schema is a 5xx: the mistake is ours).
 */
async function errorsPlugin(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.query)) request.query = withoutNul(request.query);
    if (hasNul(request.params)) request.params = withoutNul(request.params);
    done();
  });
  app.setErrorHandler((error: FastifyError | InputValidationError, request, reply) => {
    const statusCode = error.statusCode ?? 500;
    // Route schemas declare their 2xx answers; a refusal is always this handler's shape, never run
    // through (and so never broken by) the route's response schema (decision 0250).
    reply.serializer(JSON.stringify);
    if (error instanceof InputValidationError || (error as FastifyError).validation) {
      const details = validationDetails(error);
      request.log.info({ err: { message: details } }, 'invalid input');
      return reply.status(400).send({ ...refusal('PROTO_VALIDATION_ERROR', INVALID_INPUT_MESSAGE), details });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      const message = clientErrorMessage(error as FastifyError);
      if (statusCode === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return reply.status(statusCode).send(refusal('PROTO_VALIDATION_ERROR', message));
    }
    if (isDatabaseUnavailable(error) || statusCode === 503) {
      // The database is restarting or out of reach: say so and when to come back (decision 0142).
      request.log.warn({ err: { name: error.name, message: error.message, code: (error as FastifyError).code } }, 'database unavailable');
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send(refusal('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(refusal('UNSPECIFIED_ERROR', SERVER_ERROR_MESSAGE));
  });
}

/** "field.path: reason; …", the same words whether a route's schema or a handler's check refused. */
function validationDetails(error: FastifyError | InputValidationError): string {
  const validation = error instanceof InputValidationError ? undefined : error.validation;
  if (!validation) return error.message;
  const context = (error as FastifyError).validationContext ?? 'body';
  return validation.map((issue) => `${issue.instancePath.slice(1).replaceAll('/', '.') || context}: ${issue.message}`).join('; ');
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body has a type this address does not accept.';
    default:
      return error.message || 'The request could not be understood.';
  }
}

export default fp(errorsPlugin, { name: 'errors' });
