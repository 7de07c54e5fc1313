// The one shape of a refusal (spec 8: status and error_message; `error` repeats the message for older
// clients), and the one way to answer 404 and 403 (decision 0250).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The body of every 4xx and 5xx this server writes itself. */
export const RefusalSchema = z.object({ status: z.string(), error_message: z.string(), error: z.string() });
export type Refusal = z.infer<typeof RefusalSchema>;

export function refusal(status: string, message: string): Refusal {
  return { status, error_message: message, error: message };
}

export const NOT_FOUND_MESSAGE = 'Not found';

interface RefusalOptions {
  /** The catalogue status: NOT_FOUND unless the caller names a more precise one (JOB_NOT_FOUND). */
  status?: string;
  message?: string;
  /** Cache-Control of the answer; none set when omitted. */
  cacheControl?: string;
}

/** 404: the thing asked for does not exist, or is not for this person to know about. */
export function sendNotFound(reply: FastifyReply, options: RefusalOptions = {}) {
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  return reply.status(404).send(refusal(options.status ?? 'NOT_FOUND', options.message ?? NOT_FOUND_MESSAGE));
}

/** 403: the person is known, and this is not theirs to do (or the request is not from our pages). */
export function sendForbidden(reply: FastifyReply, status: string, message: string, options: Omit<RefusalOptions, 'status' | 'message'> = {}) {
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  return reply.status(403).send(refusal(status, message));
}

/**
 * Any other refusal a handler writes (409, 429…), in the same shape. Routes declare their 2xx answers
 * only: hooks and the error handler answer every route's refusals, so one schema (RefusalSchema) covers them.
 */
export function sendRefusal(reply: FastifyReply, statusCode: number, status: string, message: string, options: Omit<RefusalOptions, 'status' | 'message'> = {}) {
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  return reply.status(statusCode).send(refusal(status, message));
}

/**
 * The reply as any route's, for a refusal whose body adds to the one shape (errors, plans_url): a
 * refusal is not the route's declared 2xx answer, so it is not typed or serialized as one (decision 0250).
 */
export const refusing = (reply: FastifyReply): FastifyReply => reply;
