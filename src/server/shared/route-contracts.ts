// What routes declare their contracts with (decision 0250): the zod type provider, and the few shapes
// many routes share. A route's schema says the shape of its input; domain rules (a phone number, an
// email address, a person's mistake in a form) stay in the handler, which answers them itself.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The app as route plugins see it: request parts typed by the route's zod schemas. */
export type RoutesApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** Longest value a form's text field may carry: above any field's own limit, so the handler says which. */
export const FORM_TEXT_MAX = 20_000;

/**
 * A text field of an HTML form: absent or a string. Its own rules (required, length, format) are the
 * handler's, which re-renders the page with the message next to the field; only hostile input (a
 * repeated field, a number, an object) is refused here, with the spec's 400.
 */
export const formText = (max = FORM_TEXT_MAX) => z.string().max(max).optional();

/** A form whose fields are all text fields. Fields not named are dropped. */
export const formBody = <const Keys extends string>(...keys: Keys[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, formText()])) as Record<Keys, ReturnType<typeof formText>>);

/** A path segment as the router gives it: what it names is looked up, and answers 404 if unknown. */
export const pathSegment = z.string().max(500);

/** A query string's value, repeated or not: the first one counts (links of ours never repeat one). */
export const queryText = z.union([z.string(), z.array(z.string()).max(50)]).transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value));

/**
 * A query parameter a page can do without: malformed (too long, repeated, not one of the values) it is
 * read as absent, so a stray or mangled parameter in a link never fails a page.
 */
export const optionalQuery = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * A form whose fields depend on what it edits (a section's kind, a job's screening questions): named
 * text fields, a repeated field as a list. The handler reads them by its own rules and answers a
 * person's mistake on the page; an empty post is an empty form.
 */
export const formFields = z
  .record(z.string().max(100), z.union([z.string().max(FORM_TEXT_MAX), z.array(z.string().max(FORM_TEXT_MAX)).max(100)]))
  .default({});

/** A form's text field whose handler reads the first of a repeated value (firstValue). */
export const repeatableText = z.union([z.string().max(FORM_TEXT_MAX), z.array(z.string().max(FORM_TEXT_MAX)).max(100)]).optional();

/** A form of named fields, each read first-of-repeated by the handler's own rule; an empty post is an empty form. */
export const repeatableForm = <const Keys extends string>(...keys: Keys[]) => {
  const form = z.object(Object.fromEntries(keys.map((key) => [key, repeatableText])) as Record<Keys, typeof repeatableText>);
  // Every field is optional, so the empty form is one of its values.
  return form.default({} as never);
};

/**
 * The `consumes` of a route whose parts the handler reads itself (@fastify/multipart streams a file to
 * storage as it arrives, decision 0285): it declares no body schema, and says so with this instead.
 */
export const MULTIPART_BODY = ['multipart/form-data'];

/**
 * The body of a post that sends nothing the route reads (log out, mark all read, export, resume alerts):
 * none (a page's bare `fetch(url, { method: 'POST' })` arrives as null), or a form or JSON object whose
 * fields are dropped (a stray hidden field must not fail it).
 */
export const noBody = z.object({}).nullish();

/**
 * The body of an email's unsubscribe post: a mail client's one-click (RFC 8058, `List-Unsubscribe=One-Click`,
 * form-encoded, or multipart whose parts arrive as null) or our page's button. Not read: the link's token
 * says who and what.
 */
export const oneClickUnsubscribeBody = z.object({ 'List-Unsubscribe': formText() }).nullable().optional();

/** A one-click post is `List-Unsubscribe=One-Click` and its multipart framing: a few hundred bytes. */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * Lets a scope's one-click unsubscribe be sent as multipart/form-data, which RFC 8058 allows a mail client
 * beside form-encoding. Its parts are not read (the link's token says who and what): the body is read to
 * its end and arrives as null. Register it in a scope holding only the one-click post: an upload's scope
 * parses multipart itself (@fastify/multipart), and a scope takes one parser per content type.
 */
export function acceptOneClickMultipart(scope: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, _body, done) => done(null, null));
}
