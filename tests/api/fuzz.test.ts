// Issue 14: every route the app registers (listed by an onRoute hook, so routes added later are covered
// too) gets random and hostile bodies, query strings and headers. No answer may be a 5xx, and a refused
// request (4xx) may store nothing: the row count of every table is the same before and after it.
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleTestKey, serveJwks, type JwksServer } from '../support/google-keys';
import { insertJob } from '../support/jobs-fixtures';
import { postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
let t: TestApp;
let jwks: JwksServer;
let tables: string[] = [];
let sessionCookie = '';
let adminCookie = '';
let listingKey = '';

/** Bookkeeping of the limits themselves, not something a request stores. */
const NOT_CONTENT = new Set(['rate_limit_counters']);

beforeAll(async () => {
  jwks = await serveJwks([await createGoogleTestKey('fuzz-key')]);
  t = await createTestApp(
    {
      // Limits would otherwise answer 429 to nearly everything after the first few dozen requests.
      RATE_LIMIT_CLIENT_MAX: '1000000000',
      RATE_LIMIT_ACTIONS_MAX: '1000000000',
      RATE_LIMIT_EMAIL_CODES_PER_HOUR: '1000000000',
      INGEST_LIMIT_PER_CLIENT: '1000000000',
      INGEST_LIMIT_PER_PTID: '1000000000',
      // No slow MX lookups of random domains.
      EMAIL_CHECK_TIMEOUT_MS: '50',
      GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: jwks.url,
    },
    {
      onRoute(route: RouteOptions) {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method: String(method), url: route.url });
      },
    },
  );
  const job = await insertJob(t.app.db, t.clock.now());
  listingKey = job.listing_key;
  const seeker = await signIn(t.app, 'fuzz-seeker@example.com');
  sessionCookie = seeker.header();
  const admin = await signIn(t.app, 'fuzz-admin@example.com');
  await t.app.db.updateTable('accounts').set({ role: 'admin' }).where('email_normalized', '=', 'fuzz-admin@example.com').execute();
  adminCookie = admin.header();
  await postForm(t.app, '/candidate/about', { full_name: 'Fuzz Person', phone: '(512) 555-0142', location: 'Austin, TX', headline: 'Tester' }, { jar: seeker });

  // Our tables only: on PostgreSQL those of the test database's own schema.
  const found = await t.app.db.introspection.getTables();
  const schema = t.app.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db)).rows[0]?.schema : undefined;
  tables = [...new Set(found.filter((table) => !schema || table.schema === schema).map((table) => table.name))]
    .filter((name) => !name.startsWith('kysely_') && !NOT_CONTENT.has(name))
    .sort();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await jwks?.close();
});

/** Every table's row count, in one round trip. */
async function rowCounts(): Promise<Record<string, number>> {
  const parts = tables.map((table) => sql`select ${table} as t, count(*) as n from ${sql.table(table)}`);
  const { rows } = await sql<{ t: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(t.app.db);
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

// Printable ASCII only in headers: anything else is refused by the HTTP client before the server sees it.
const printable = fc.string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))), maxLength: 80 });
const hostileText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '//evil.example',
    '/.//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    "' OR 1=1 --",
    '"; DROP TABLE accounts; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\uFFFF',
    '𝕏'.repeat(20),
    'a'.repeat(5000),
    '-1',
    '1e309',
    'NaN',
    '0x10',
    'true',
    'null',
    '[]',
    '{}',
    'someone@example.com',
    '123456',
    '=HYPERLINK("x")',
  ),
);
const fieldNames = fc.constantFrom(
  'email',
  'code',
  'one_time_password',
  'next',
  'kind',
  'token',
  'listing_key',
  'archive',
  'search',
  'location',
  'radius',
  'frequency',
  'page',
  'from',
  'to',
  'event_type',
  'properties',
  'path',
  'time',
  'messages',
  'batch_id',
  'phone',
  'full_name',
  'redirect_url',
  'explicit_opt_in',
  'confirmed',
  'resend',
  'notice',
  'q',
  '__proto__',
  'constructor',
);
const key = fc.oneof(fieldNames, fc.string({ maxLength: 12 }));
const flatRecord = fc.dictionary(key, hostileText, { maxKeys: 6 });
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.dictionary(key, fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 }).map((value) => JSON.stringify(value)),
  fc.constant(JSON.stringify({ form_data: { email: 'fuzz@example.com' }, email: 'fuzz@example.com', one_time_password: '000000' })),
  fc.constant(JSON.stringify({ listing_key: 'LISTING', archive: '0' })),
  fc.constant(JSON.stringify({ batch_id: 'b', observe_type: 'AT_LEAST_ONCE', messages: [{ type_url: 'ComponentObservation', payload: {} }] })),
  hostileText,
);

interface Attempt {
  routeIndex: number;
  params: string[];
  query: Record<string, string>;
  who: 'visitor' | 'seeker' | 'admin' | 'forged';
  contentType: string;
  body: string;
  headers: Record<string, string>;
  oversized: boolean;
}

const attempt = fc.record<Attempt>({
  routeIndex: fc.nat(),
  params: fc.array(hostileText, { minLength: 3, maxLength: 3 }),
  query: flatRecord,
  who: fc.constantFrom('visitor', 'seeker', 'admin', 'forged'),
  contentType: fc.oneof(
    fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=fuzz', 'application/xml', ''),
    printable,
  ),
  body: fc.oneof(jsonBody, flatRecord.map((record) => new URLSearchParams(record).toString()), hostileText),
  headers: fc.record(
    {
      origin: fc.oneof(fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null'), printable),
      'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site'),
      'x-requested-with': fc.constantFrom('XMLHttpRequest', 'fetch'),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/csv'),
      'x-forwarded-for': printable,
      referer: printable,
      'accept-language': printable,
      'if-none-match': printable,
      range: printable,
    },
    { requiredKeys: [] },
  ),
  oversized: fc.boolean(),
});

function pathFor(route: Route, params: string[]): string {
  let index = 0;
  const next = () => encodeURIComponent(params[index++ % params.length] || 'x');
  let url = route.url.replace(/:[A-Za-z_]+(\([^)]*\))?/g, () => next());
  url = url.replace(/\*/g, () => next());
  return url.replace('LISTING', listingKey);
}

/** Routes with code of ours behind them: the random part spends its time there, not on built files. */
const isBuiltFile = (route: Route) => route.method === 'HEAD' || /^\/assets\/|\.(js|css|svg|png|ico|webp|jpg|mp4|webm|txt|xml|json|br|gz|woff2?)$/.test(route.url);
let dynamicRoutes: Route[] = [];

async function send(input: Attempt, every = false) {
  const pool = every ? routes : dynamicRoutes;
  const route = pool[input.routeIndex % pool.length]!;
  const query = new URLSearchParams(input.query).toString();
  const cookie = { visitor: '', seeker: sessionCookie, admin: adminCookie, forged: 'jw_session=forged.signature; ptid=../../x; jw_gnonce=abc' }[input.who];
  const body = input.oversized ? input.body + 'x'.repeat(70_000) : input.body.replace('LISTING', listingKey);
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: `${pathFor(route, input.params)}${query ? `?${query}` : ''}`,
    headers: {
      ...input.headers,
      ...(cookie ? { cookie } : {}),
      ...(hasBody && input.contentType ? { 'content-type': input.contentType } : {}),
    },
    ...(hasBody ? { payload: body } : {}),
  });
  return { route, response };
}

/** Answers seen, by status: printed with FUZZ_REPORT=1 to see what the run reached. */
const seen = new Map<string, number>();

async function checkOne(input: Attempt, every = false) {
  const pool = every ? routes : dynamicRoutes;
  // A built file is served from disk: nothing to count around it.
  const counted = !isBuiltFile(pool[input.routeIndex % pool.length]!);
  const before = counted ? await rowCounts() : null;
  const { route, response } = await send(input, every);
  const bucket = `${response.statusCode}`;
  seen.set(bucket, (seen.get(bucket) ?? 0) + 1);
  const where = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (before && response.statusCode >= 400) expect(await rowCounts(), `stored something on a refusal: ${where}`).toEqual(before);
}

describe('fuzzing every registered route', () => {
  it('lists the routes of every feature through onRoute', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of ['/jobseeker/register', '/events/log', '/observations/observe', '/authn/login/email', '/candidate/toggle_job_save', '/admin/analytics.csv']) expect(urls).toContain(url);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('drops NUL characters from queries and paths (PostgreSQL cannot take one: it was a 500), and refuses them in JSON by the schema', async () => {
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=%00' });
    expect(mailbox.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/jobs-search?search=a%00b' })).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      payload: JSON.stringify({ event_type: 'a\u0000b', time: 1 }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR' });
  });

  it('counts the rows of every table of the app', async () => {
    expect(tables).toEqual(expect.arrayContaining(['accounts', 'event_log', 'observation', 'saved_jobs', 'sessions']));
    const counts = await rowCounts();
    expect(Object.keys(counts).sort()).toEqual(tables);
    expect(counts.accounts).toBe(2);
  });

  it('answers every route with a hostile request without a 5xx, storing nothing when it refuses', async () => {
    const started = Date.now();
    dynamicRoutes = routes.filter((route) => !isBuiltFile(route));
    // Each route at least once with each kind of body, then random ones.
    const kinds: Array<Pick<Attempt, 'contentType' | 'body' | 'oversized'>> = [
      { contentType: 'application/json', body: '{"a":', oversized: false },
      { contentType: 'application/json', body: JSON.stringify({ email: '=cmd', next: '//evil.example', token: 'x'.repeat(5000) }), oversized: false },
      { contentType: 'application/x-www-form-urlencoded', body: 'email=%00&next=/.//evil&code=12345x', oversized: false },
      { contentType: 'multipart/form-data; boundary=fuzz', body: '--fuzz\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\n\r\nnot a pdf\r\n--fuzz--\r\n', oversized: false },
      { contentType: 'text/plain', body: 'x', oversized: true },
    ];
    for (let routeIndex = 0; routeIndex < routes.length; routeIndex += 1) {
      // Built files once; routes with code of ours with every kind of body.
      for (const [n, kind] of (isBuiltFile(routes[routeIndex]!) ? kinds.slice(0, 1) : kinds).entries()) {
        await checkOne({ routeIndex, params: ['1', '../x', '\u0000'], query: { next: '//evil.example', page: '-1', to: '\u0000', search: 'a\u0000b' }, who: (['visitor', 'seeker', 'admin', 'forged', 'seeker'] as const)[n]!, headers: {}, ...kind }, true);
      }
    }
    await fc.assert(
      fc.asyncProperty(attempt, async (input) => {
        await checkOne(input);
      }),
      // The random part has what is left of the test's time, up to 35 s: every route's fixed requests
      // above come first, and a busy machine (PostgreSQL beside the browser tests) leaves it less.
      { numRuns: 4000, interruptAfterTimeLimit: Math.max(5_000, Math.min(35_000, 80_000 - (Date.now() - started))), markInterruptAsFailure: false },
    );
    if (process.env.FUZZ_REPORT) console.log(routes.length, 'routes,', dynamicRoutes.length, 'dynamic', Object.fromEntries([...seen].sort()));
  }, 90_000);
});
