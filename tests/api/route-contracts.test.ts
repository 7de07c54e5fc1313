// Issue 40, decision 0325: every route declares its contract on the route (decision 0250). Walks every
// route the app registers (an onRoute hook, so a route added later is walked too) and fails when a route
// taking a body declares none (a body schema, `noBody`, or multipart parts read by the handler), or when a
// route that answers JSON declares no 2xx response schema.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_FIELDS, ownerOf, signInEmployer } from '../support/employer-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

interface Walked {
  route: string;
  schema: { body?: unknown; consumes?: readonly string[]; response?: Record<string, unknown> };
  handler: string;
}

const walked: Walked[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute(route: RouteOptions) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) walked.push({ route: `${method} ${route.url}`, schema: (route.schema ?? {}) as Walked['schema'], handler: String(route.handler) });
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const isMultipart = (entry: Walked) => entry.schema.consumes?.includes('multipart/form-data') ?? false;
const declaresAnswer = (entry: Walked) => Object.keys(entry.schema.response ?? {}).some((status) => status.startsWith('2'));
/**
 * A handler answers JSON when it chooses JSON for our fetch client (wantsJson) or sends an object with a
 * status that is not a refusal (a refusal carries error_message and is the error handler's shape).
 */
const SUCCESS_OBJECT = /\.send\(\{\s*status:\s*['"][A-Z_]+['"](?![^}]*error_message)/;
const answersJson = (entry: Walked) => entry.handler.includes('wantsJson(') || SUCCESS_OBJECT.test(entry.handler);

/** What takes a body and declares none. */
const withoutBodyContract = (entries: Walked[]) => entries.filter((entry) => BODY_METHODS.has(entry.route.split(' ')[0]!) && entry.schema.body === undefined && !isMultipart(entry)).map((entry) => entry.route);
/** What answers JSON and declares no 2xx answer. */
const withoutAnswerContract = (entries: Walked[]) => entries.filter((entry) => answersJson(entry) && !declaresAnswer(entry)).map((entry) => entry.route);

describe('every route declares its contract (decision 0325)', () => {
  it('walks the routes of every feature', () => {
    const routes = walked.map((entry) => entry.route);
    for (const route of ['POST /employer/company/new', 'POST /employer/company/logo', 'POST /candidate/resume', 'POST /messages/new', 'POST /candidate/spotlight/answers/:prompt/media']) expect(routes).toContain(route);
  });

  it('names the body of every post, or says it has none or reads its multipart parts', () => {
    expect(withoutBodyContract(walked)).toEqual([]);
  });

  it('declares the JSON answer of every route that answers JSON, uploads included', () => {
    expect(withoutAnswerContract(walked)).toEqual([]);
    const answers = (route: string) => Object.keys(walked.find((entry) => entry.route === route)?.schema.response ?? {});
    for (const upload of ['POST /candidate/resume', 'POST /employer/company/logo', 'POST /candidate/spotlight/answers/:prompt/media', 'POST /messages/new', 'POST /messages/:id']) expect(answers(upload), upload).toContain('200');
    // The posting form's JSON is sent by helpers its handlers call, which the walk cannot read (decision 0330).
    for (const posting of ['POST /post-a-job', 'POST /post-a-job/:id', 'POST /post-a-job/:id/publish']) expect(answers(posting), posting).toContain('200');
  });
});

describe('a malformed or mistyped body is the spec’s 400 and changes nothing', () => {
  const counts = async () => {
    const [companies, invitations] = await Promise.all([
      t.app.db.selectFrom('companies').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      t.app.db.selectFrom('company_invitations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { companies: Number(companies.n), invitations: Number(invitations.n) };
  };
  const postJson = (url: string, cookie: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie }, payload });

  it('refuses broken JSON and a number for a text field on the company, invite and first-message forms', async () => {
    const newcomer = await signInEmployer(t.app, 'contracts-newcomer@example.com');
    const owner = await ownerOf(t.app, 'contracts-owner@example.com', 'Contracts Co');
    const before = await counts();
    const attempts: Array<[string, string, string]> = [
      ['/employer/company/new', newcomer.header(), '{"name":'],
      ['/employer/company/new', newcomer.header(), JSON.stringify({ ...COMPANY_FIELDS, name: 42 })],
      ['/employer/company', owner.jar.header(), JSON.stringify({ ...COMPANY_FIELDS, description: { text: 'x' } })],
      ['/employer/team/invite', owner.jar.header(), '{"email":'],
      ['/employer/team/invite', owner.jar.header(), JSON.stringify({ email: ['a@example.com', 'b@example.com', 7] })],
      ['/messages/new', owner.jar.header(), JSON.stringify({ application_id: 12, body: 'Hello' })],
    ];
    for (const [url, cookie, payload] of attempts) {
      const refused = await postJson(url, cookie, payload);
      expect(refused.statusCode, `${url} ${payload}`).toBe(400);
      expect(refused.json(), `${url} ${payload}`).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: expect.any(String) });
    }
    expect(await counts()).toEqual(before);
    const company = await t.app.db.selectFrom('companies').select(['name', 'description']).where('id', '=', owner.companyId).executeTakeFirstOrThrow();
    expect(company.name).toBe('Contracts Co');
  });
});
