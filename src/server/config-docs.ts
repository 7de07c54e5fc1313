// What each environment variable is for (issue 47): one line each, beside the schema in config.ts.
// The README's configuration table and .env.example are written from this by scripts/env-docs.ts;
// config-docs.test.ts fails when a variable is missing here or either file is out of date.
import type { EnvInput } from './config';

export interface EnvDoc {
  /** The default as a person reads it (Markdown): `3000`, or a sentence such as 'unset'. */
  default: string;
  about: string;
}

export const ENV_DOCS: { readonly [Name in keyof EnvInput]-?: EnvDoc } = {
  NODE_ENV: { default: '`development`', about: '`production` requires `SESSION_SECRET` and `SMTP_URL` (start-up stops and says why), sets Secure cookies and HSTS, has no development mailbox, and answers only PUBLIC_URL\'s host name (outside production also `localhost`, `127.0.0.1`, `[::1]`). The build is the same production build whatever it says' },
  PORT: { default: '`3000`', about: 'Port to listen on' },
  HOST: { default: '`127.0.0.1`', about: 'Address to listen on (`0.0.0.0` in a container)' },
  DATABASE_URL: { default: '`sqlite:./data/jobwise.sqlite`', about: '`sqlite:PATH` or `postgres://user@host:port/db`' },
  PUBLIC_URL: { default: '`http://localhost:$PORT`', about: 'The site\'s public address, for links, the same-origin check and the Host check (another host name gets 421; decision 0081)' },
  SESSION_SECRET: { default: 'generated into `./data/session-secret` outside production', about: 'The master secret, at least 32 characters; required in production. Each purpose\'s key below is derived from it with HKDF unless set on its own. Sessions need none (a random id, stored hashed): rotating signs nobody out (decision 0276)' },
  SESSION_SECRET_PREVIOUS: { default: 'unset', about: 'The master secret before a rotation: codes and links made under it (by every purpose derived from it) stay accepted until `SESSION_SECRET_PREVIOUS_UNTIL`' },
  SESSION_SECRET_PREVIOUS_UNTIL: { default: 'unset', about: 'When the previous master secret stops being accepted: an ISO 8601 time such as `2027-01-31T00:00:00Z`; required with `SESSION_SECRET_PREVIOUS`' },
  SIGN_IN_CODES_SECRET: { default: 'derived from `SESSION_SECRET`', about: 'At least 32 characters: the key of the sign-in codes (stored as HMACs; a code lives 10 minutes), set on its own' },
  SIGN_IN_CODES_SECRET_PREVIOUS: { default: 'unset', about: 'Its value before a rotation, accepted until `SIGN_IN_CODES_SECRET_PREVIOUS_UNTIL`' },
  SIGN_IN_CODES_SECRET_PREVIOUS_UNTIL: { default: 'unset', about: 'When `SIGN_IN_CODES_SECRET_PREVIOUS` stops being accepted (ISO 8601)' },
  UNSUBSCRIBE_SECRET: { default: 'derived from `SESSION_SECRET`', about: 'At least 32 characters: the key of the unsubscribe links in emails (they never expire: keep the previous value for as long as old emails matter), set on its own' },
  UNSUBSCRIBE_SECRET_PREVIOUS: { default: 'unset', about: 'Its value before a rotation, accepted until `UNSUBSCRIBE_SECRET_PREVIOUS_UNTIL`' },
  UNSUBSCRIBE_SECRET_PREVIOUS_UNTIL: { default: 'unset', about: 'When `UNSUBSCRIBE_SECRET_PREVIOUS` stops being accepted (ISO 8601)' },
  INVITATIONS_SECRET: { default: 'derived from `SESSION_SECRET`', about: 'At least 32 characters: the key of team invitation links (stored as HMACs), set on its own' },
  INVITATIONS_SECRET_PREVIOUS: { default: 'unset', about: 'Its value before a rotation, accepted until `INVITATIONS_SECRET_PREVIOUS_UNTIL`' },
  INVITATIONS_SECRET_PREVIOUS_UNTIL: { default: 'unset', about: 'When `INVITATIONS_SECRET_PREVIOUS` stops being accepted (ISO 8601)' },
  REFERENCES_SECRET: { default: 'derived from `SESSION_SECRET`', about: 'At least 32 characters: the key of reference request and giver links (stored as HMACs), set on its own' },
  REFERENCES_SECRET_PREVIOUS: { default: 'unset', about: 'Its value before a rotation, accepted until `REFERENCES_SECRET_PREVIOUS_UNTIL`' },
  REFERENCES_SECRET_PREVIOUS_UNTIL: { default: 'unset', about: 'When `REFERENCES_SECRET_PREVIOUS` stops being accepted (ISO 8601)' },
  UNSUBSCRIBE_LIST_KEY: { default: 'the value of `SESSION_SECRET`', about: 'Keys the unsubscribe list (who opted out of which email); it never rotates. Before rotating `SESSION_SECRET` with this unset, set it to the old `SESSION_SECRET`: start-up refuses a changed key while anyone is on the list, since they would all be re-subscribed (decision 0276)' },
  DATA_DIR: { default: '`./data`', about: 'Where the SQLite file, the generated secret and uploads live' },
  METRICS_TOKEN: { default: 'unset', about: 'At least 32 characters: `GET /metrics` (Prometheus) also answers a request with `Authorization: Bearer` and this token. Unset, only a scraper on this machine asking `127.0.0.1` or `localhost` directly (not through a proxy) reads it (decision 0275)' },
  LOG_LEVEL: { default: '`info`', about: 'pino level: `fatal` … `trace`, or `silent`. Pretty-printed in a terminal, JSON lines otherwise' },
  TRUST_PROXY: { default: '`false`', about: 'The reverse proxies whose `X-Forwarded-*` and geo headers count: addresses and CIDR ranges, comma-separated, or `loopback` (e.g. `10.0.0.0/8,loopback`). `true` is refused: it would let any client pick its own address (decision 0080)' },
  SMTP_URL: { default: 'unset', about: '`smtp://user:pass@host:587`: send real mail. Required in production. Unset (outside production), mail goes to the development mailbox, stored sealed and shown only to a browser on this machine at `localhost` (decision 0081)' },
  MAIL_FROM: { default: '`Jobwise <no-reply@jobwise.localhost>`', about: 'Sender of the emails' },
  REDIS_URL: { default: 'unset', about: 'Keep rate limits in Redis so several instances share them (database otherwise, and while Redis is down: decision 0143)' },
  REDIS_KEY_PREFIX: { default: '`jobwise:`', about: 'Prefix of this site\'s keys in Redis' },
  SHUTDOWN_DRAIN_SECONDS: { default: '`0`', about: 'On SIGTERM, fail `/readyz` and keep serving this long before closing, so a load balancer drains the instance (the cluster sets 4)' },
  RATING_CLAIM_DATE: { default: '`November 1, 2026`', about: 'The date in the rating banner\'s footnote' },
  ACCESSIBILITY_EMAIL: { default: '`accessibility@jobwise.localhost`', about: 'The header\'s accessibility feedback address' },
  SHOW_LOGO_CREDIT: { default: '`true`', about: 'Show the logo-provider credit in the footer' },
  SESSION_TTL_DAYS: { default: '`30`', about: 'Lifetime of a log-in session (the `jw_session` cookie)' },
  MAIL_SEND_TIMEOUT_MS: { default: '`10000`', about: 'A send slower than this fails (SEND_OPT_EMAIL_ERROR) and is undone' },
  RATE_LIMIT_EMAIL_CODES_PER_HOUR: { default: '`5`', about: 'One-time codes sent to one address per hour, then RATE_LIMITING_ERROR' },
  RATE_LIMIT_CLIENT_MAX: { default: '`30`', about: 'State-changing registration calls per client address per window, then RATE_LIMITING_THROTTLED (raise for browser tests and benchmarks)' },
  RATE_LIMIT_CLIENT_WINDOW_SECONDS: { default: '`60`', about: 'The per-client-address window' },
  RATE_LIMIT_ACTIONS_MAX: { default: '`120`', about: 'Job-seeker actions (save, apply, résumé upload, profile, alerts, unsubscribe) per client address per window, then 429 RATE_LIMITING_THROTTLED' },
  RATE_LIMIT_CODE_FAILURES_PER_DAY: { default: '`20`', about: 'Wrong sign-in codes per address per day (on top of 5 tries a code), then RATE_LIMITING_ERROR even for the right code until the next day (decision 0085)' },
  DEFAULT_COUNTRY: { default: '`US`', about: 'Country of a visitor when no trusted proxy says otherwise' },
  GEO_COUNTRY_HEADER: { default: 'unset', about: 'Header with the visitor\'s ISO country code from a trusted proxy (e.g. `CF-IPCountry`); read only from a peer listed in `TRUST_PROXY`' },
  GEO_REGION_HEADER: { default: 'unset', about: 'Header with the visitor\'s region, from a trusted proxy' },
  GEO_CITY_HEADER: { default: 'unset', about: 'Header with the visitor\'s city, from a trusted proxy' },
  CANDIDATE_SPOTLIGHT_PERCENT: { default: '`50`', about: 'Share of browsers (by ptid) offered the candidate spotlight after sign-up' },
  EMAIL_VALIDATION_VARIANT: { default: '`local_only`', about: 'Email-check experiment when the URL has no `email_validation_test`: `none`, `local_only`, `local_and_mailgun`' },
  MAILGUN_API_KEY: { default: 'unset', about: 'Check emails with Mailgun\'s validation API; unset, the server checks syntax, disposable domains and MX records' },
  MAILGUN_API_URL: { default: '`https://api.mailgun.net`', about: 'Base URL of the Mailgun-compatible validation API' },
  EMAIL_CHECK_TIMEOUT_MS: { default: '`1500`', about: 'Longest wait for an MX lookup or the validation API before answering "uncertain"' },
  MIGRATE_ON_START: { default: '`true`', about: 'Apply new migrations when the server starts (one instance). Several instances: run `npm run migrate` once before a rolling upgrade and start them with `false`; an instance then refuses to start on a database that lacks a migration it needs' },
  SEED_DEMO_DATA: { default: '`true`', about: 'On start, fill an empty database with deterministic demo job listings (`npm run seed -- --jobs N` does it by hand)' },
  SEED_DEMO_JOBS: { default: '`20000`', about: 'How many demo jobs that start-up seed makes' },
  OBSERVATION_RETENTION_DAYS: { default: '`395`', about: 'Observations of days older than this are purged (hourly job)' },
  OBSERVATION_QUEUE_LIMIT: { default: '`50000`', about: 'Observation / event-log rows waiting for the group commit before new batches get 503 + `Retry-After`' },
  INGEST_QUEUE_MAX_BYTES: { default: '`33554432`', about: 'The same bound in bytes (32 MB of queued text per queue)' },
  INGEST_LIMIT_PER_CLIENT: { default: '`600`', about: 'Event-log and observation units per client address per window (1 a request + 1 per 4 KB of body), then 429 with `Retry-After` (decision 0086)' },
  INGEST_LIMIT_PER_PTID: { default: '`120`', about: 'The same per `ptid` cookie' },
  INGEST_LIMIT_WINDOW_SECONDS: { default: '`60`', about: 'The ingest limits\' window' },
  EVENT_LOG_RETENTION_DAYS: { default: '`90`', about: 'Event-log rows older than this are purged (the hourly retention job)' },
  EVENT_LOG_PATH: { default: '`/events/log`', about: 'Address of the event log; pages read it from their page data' },
  GOOGLE_CLIENT_ID: { default: 'unset', about: 'Google OAuth client id for "Sign in with Google"; unset (and no host below), no button and nothing loaded from Google' },
  GOOGLE_CLIENT_ID_BY_HOST: { default: 'unset', about: '`host=client-id` pairs, comma-separated: a host listed here (the production host) uses its own client id' },
  GOOGLE_JWKS_URL: { default: '`https://www.googleapis.com/oauth2/v3/certs`', about: 'Where Google\'s token-signing keys are published (cached 10 minutes)' },
  GOOGLE_ISSUERS: { default: '`accounts.google.com,https://accounts.google.com`', about: 'Accepted `iss` values of Google ID tokens, comma-separated' },
  GOOGLE_GSI_SCRIPT_URL: { default: '`https://accounts.google.com/gsi/client`', about: 'The Google Identity Services script (its origin is added to the CSP when a client id is set)' },
  UPLOADS_DIR: { default: '`uploads` in `DATA_DIR`', about: 'Where uploads (résumés, company logos, spotlight recordings, message files) are stored by the default disk storage (decisions 0071, 0140)' },
  SCHEDULER_TICK_SECONDS: { default: '`30`', about: 'How often each instance looks for due scheduled jobs (digest, purges); each runs once per period across instances (decision 0141); `0` turns it off' },
  QUEUE_POLL_SECONDS: { default: '`2`', about: 'How often each instance looks for due jobs in the job queue (emails; pg-boss on PostgreSQL, decision 0270); `0` turns this instance\'s worker off' },
  QUEUE_SHUTDOWN_SECONDS: { default: '`5`', about: 'On SIGTERM, how long running jobs may finish before they are released for another instance (decision 0273); at most 8, under Fastify\'s 10 s limit for a close hook' },
  QUEUE_RETRY_DELAY_SECONDS: { default: '`30`', about: 'The wait before an email\'s first retry; each later one waits twice as long, then the job is dead and shown at `/admin/queue` (decision 0271)' },
  STORAGE_DRIVER: { default: '`disk`', about: '`disk`: uploads under `UPLOADS_DIR`; `database`: in the database in chunks, so every instance of a cluster reads them (decision 0140)' },
  ALERT_DIGEST_INTERVAL_MINUTES: { default: '`60`', about: 'How often the app sends due email job alerts; `0` turns the schedule off (`npm run alerts:send` runs it once)' },
  SEEKER_MAX_SAVED_JOBS: { default: '`500`', about: 'Saved jobs per account, then 409 (decision 0088)' },
  SEEKER_MAX_APPLICATIONS_PER_DAY: { default: '`50`', about: 'Applications per account in 24 hours, then 429' },
  SEEKER_MAX_RESUME_UPLOADS_PER_DAY: { default: '`20`', about: 'Résumé uploads per account per day, then 429' },
  RESUME_INVITES_PER_DAY: { default: '`50`', about: 'Résumé database invitations to apply a company may send in 24 hours (decision 0163)' },
  SEEKER_MAX_KEPT_SEARCHES: { default: '`50`', about: 'Searches kept per account (the newest); older ones are deleted' },
  JOB_EXPIRY_INTERVAL_MINUTES: { default: '`15`', about: 'How often posted jobs past their date are closed and 3-day expiry notices sent; `0` turns the schedule off (`npm run jobs:expire` runs it once)' },
  JOB_FIGURES_FLUSH_SECONDS: { default: '`10`', about: 'How often the per-job figures counted in memory (views, search appearances, apply clicks, applications) are added to the database' },
  JOB_PAGES_CACHE_SECONDS: { default: '`10`', about: 'How long a visitor\'s job page or results page may be answered from memory; a change on this instance drops them at once, another instance\'s change shows within this time; `0` renders every request (decision 0183)' },
  API_RATE_LIMIT_PER_MINUTE: { default: '`300`', about: 'Calls to the public read API (`/api/v1`) per client address per minute, told in the RateLimit headers; beyond it 429 (decision 0266)' },
  APPLICANT_MAIL_INTERVAL_SECONDS: { default: '`60`', about: 'How often new-application emails (immediately and daily digests) and the applicants\' interview and rejection emails are sent; `0` turns them off' },
  STAGE_MAIL_QUIET_SECONDS: { default: '`120`', about: 'How long a stage must hold before the applicant is emailed about it; moves within it send one email, about the last (decision 0228)' },
};

/** The README's configuration table, in the schema's order. */
export function envTable(names: ReadonlyArray<keyof EnvInput>): string {
  const rows = names.map((name) => `| \`${name}\` | ${ENV_DOCS[name].default} | ${ENV_DOCS[name].about} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** A plain default such as `3000` (one code span); anything else is a sentence. */
const plainDefault = (text: string) => /^`([^`]*)`$/.exec(text)?.[1] ?? null;
const plainText = (markdown: string) => markdown.replace(/`([^`]*)`/g, '$1');

/** A value as a .env line writes it: quoted when it holds spaces, quotes or a #. */
const envValue = (value: string) => (/[\s"'#]/.test(value) ? JSON.stringify(value) : value);

/**
 * .env.example: every variable with what it is for, commented out with its default, so a copy changes
 * nothing until a line is uncommented.
 */
export function envExample(names: ReadonlyArray<keyof EnvInput>): string {
  const blocks = names.map((name) => {
    const { default: fallback, about } = ENV_DOCS[name];
    const value = plainDefault(fallback);
    const comment = `# ${plainText(about)}`;
    return value === null || value.includes('$') ? `${comment}\n# Default: ${plainText(fallback)}.\n# ${name}=` : `${comment}\n# ${name}=${envValue(value)}`;
  });
  return `# Jobwise's environment (written by \`node --import tsx scripts/env-docs.ts\` from src/server/config-docs.ts).\n# Copy to .env and change what you need: npm start reads .env when it is there.\n\n${blocks.join('\n\n')}\n`;
}
