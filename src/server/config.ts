import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './lib/client-address';
import { buildSecrets, SECRET_PURPOSES, type SecretPurpose, type Secrets } from './lib/secrets';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const secretText = z.string().min(32, 'must be at least 32 characters');
/** When a previous secret stops being accepted: an ISO 8601 time such as 2027-01-31T00:00:00Z, read as epoch ms. */
const untilTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/, 'must be an ISO 8601 date or time such as 2027-01-31T00:00:00Z')
  .transform((text) => Date.parse(text))
  .pipe(z.number().int());

/** The environment's names of each purpose's secret (decision 0276). */
export const PURPOSE_SECRET_NAMES = {
  signInCodes: 'SIGN_IN_CODES_SECRET',
  unsubscribeLinks: 'UNSUBSCRIBE_SECRET',
  invitations: 'INVITATIONS_SECRET',
  references: 'REFERENCES_SECRET',
} as const satisfies Record<SecretPurpose, string>;

const GOOGLE_CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,200}$/;
const HOST_NAME_PATTERN = /^[a-z0-9.-]{1,253}$/;

/** "jobwise.example=111.apps.googleusercontent.com,staging.jobwise.example=222.apps..." -> { host: id }. */
function parseClientIdsByHost(text: string, ctx: z.RefinementCtx): Record<string, string> {
  const byHost: Record<string, string> = {};
  for (const pair of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [host = '', id = '', ...rest] = pair.split('=').map((part) => part.trim());
    const hostName = host.toLowerCase();
    if (rest.length > 0 || !HOST_NAME_PATTERN.test(hostName) || !GOOGLE_CLIENT_ID_PATTERN.test(id)) {
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of host=client-id pairs' });
      return {};
    }
    byHost[hostName] = id;
  }
  return byHost;
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/jobwise.sqlite'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://jobwise.example' }).optional(),
    // The master secret: each purpose's key below is derived from it with HKDF unless set on its own (decision 0276).
    SESSION_SECRET: secretText.optional(),
    SESSION_SECRET_PREVIOUS: secretText.optional(),
    SESSION_SECRET_PREVIOUS_UNTIL: untilTime.optional(),
    SIGN_IN_CODES_SECRET: secretText.optional(),
    SIGN_IN_CODES_SECRET_PREVIOUS: secretText.optional(),
    SIGN_IN_CODES_SECRET_PREVIOUS_UNTIL: untilTime.optional(),
    UNSUBSCRIBE_SECRET: secretText.optional(),
    UNSUBSCRIBE_SECRET_PREVIOUS: secretText.optional(),
    UNSUBSCRIBE_SECRET_PREVIOUS_UNTIL: untilTime.optional(),
    INVITATIONS_SECRET: secretText.optional(),
    INVITATIONS_SECRET_PREVIOUS: secretText.optional(),
    INVITATIONS_SECRET_PREVIOUS_UNTIL: untilTime.optional(),
    REFERENCES_SECRET: secretText.optional(),
    REFERENCES_SECRET_PREVIOUS: secretText.optional(),
    REFERENCES_SECRET_PREVIOUS_UNTIL: untilTime.optional(),
    // Keys the unsubscribe list; never rotates, so rotating a secret re-subscribes nobody (decision 0276).
    UNSUBSCRIBE_LIST_KEY: secretText.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    // Issue 47: who may read /metrics besides a scraper on this machine (decision 0275).
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Issue 14: the proxies whose X-Forwarded-For counts, as addresses or CIDR ranges (decision 0080).
    TRUST_PROXY: z
      .string()
      .transform((text, ctx): TrustedProxies | false => {
        const parsed = parseTrustedProxies(text);
        if (parsed.ok) return parsed.proxies;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      })
      .default(false),
    MIGRATE_ON_START: booleanText.default(true),
    SEED_DEMO_DATA: booleanText.default(true),
    SEED_DEMO_JOBS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Jobwise <no-reply@jobwise.localhost>'),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    RATING_CLAIM_DATE: z.string().min(1).default('November 1, 2026'),
    ACCESSIBILITY_EMAIL: z.email().default('accessibility@jobwise.localhost'),
    SHOW_LOGO_CREDIT: booleanText.default(true),
    // Registration and log-in (issue 3).
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    RATE_LIMIT_EMAIL_CODES_PER_HOUR: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_CLIENT_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_CLIENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    RATE_LIMIT_ACTIONS_MAX: z.coerce.number().int().min(1).default(120),
    // Hardening (issue 14): wrong codes per address per day, on top of the 5 tries a code.
    RATE_LIMIT_CODE_FAILURES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
    DEFAULT_COUNTRY: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((code) => code.toUpperCase())
      .default('US'),
    GEO_COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name').optional(),
    GEO_REGION_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name').optional(),
    GEO_CITY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name').optional(),
    CANDIDATE_SPOTLIGHT_PERCENT: z.coerce.number().min(0).max(100).default(50),
    EMAIL_VALIDATION_VARIANT: z.enum(['none', 'local_only', 'local_and_mailgun']).default('local_only'),
    MAILGUN_API_KEY: z.string().min(1).optional(),
    MAILGUN_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.mailgun.net'),
    EMAIL_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
    OBSERVATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
    OBSERVATION_QUEUE_LIMIT: z.coerce.number().int().min(100).max(1_000_000).default(50_000),
    // Ingest limits and retention (issue 14, decision 0086). Units: one per request plus one per 4 KB of body.
    INGEST_LIMIT_PER_PTID: z.coerce.number().int().min(1).default(120),
    INGEST_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
    INGEST_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    INGEST_QUEUE_MAX_BYTES: z.coerce.number().int().min(1024).max(1_073_741_824).default(32 * 1024 * 1024),
    EVENT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    EVENT_LOG_PATH: z
      .string()
      .regex(/^\/[A-Za-z0-9._~/-]*$/, 'must be a path such as /events/log')
      .default('/events/log'),
    // Google sign-in (issue 4). No client id: no button, nothing loaded from Google, CSP unchanged.
    GOOGLE_CLIENT_ID: z.string().regex(GOOGLE_CLIENT_ID_PATTERN, 'must be an OAuth client id such as 1234-abc.apps.googleusercontent.com').optional(),
    GOOGLE_CLIENT_ID_BY_HOST: z
      .string()
      .transform((text, ctx) => parseClientIdsByHost(text, ctx))
      .optional(),
    GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z
      .string()
      .transform((text) => text.split(',').map((issuer) => issuer.trim()).filter(Boolean))
      .pipe(z.array(z.string().min(1)).min(1, 'must name at least one issuer'))
      .default(['accounts.google.com', 'https://accounts.google.com']),
    GOOGLE_GSI_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/gsi/client'),
    // Job seekers act (issue 7).
    UPLOADS_DIR: z.string().min(1).optional(),
    ALERT_DIGEST_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    // Several instances (issue 17): uploads in the shared database instead of this machine's disk.
    STORAGE_DRIVER: z.enum(['disk', 'database']).default('disk'),
    REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,60}$/, 'must be letters, digits, colons, dashes or underscores').default('jobwise:'),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
    SCHEDULER_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** The job queue (decisions 0270-0273): how often each instance looks for due jobs; 0 turns its worker off. */
    QUEUE_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(2),
    /** On shutdown, how long running jobs may finish before they are released; under Fastify's 10 s limit for a close hook. */
    QUEUE_SHUTDOWN_SECONDS: z.coerce.number().int().min(0).max(8).default(5),
    /** The wait before an email job's first retry; each later retry waits twice as long. */
    QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // Per-account caps (issue 14, decision 0088).
    SEEKER_MAX_SAVED_JOBS: z.coerce.number().int().min(1).max(100_000).default(500),
    SEEKER_MAX_APPLICATIONS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(50),
    SEEKER_MAX_RESUME_UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
    // Résumé database invitations a company may send in 24 hours (decision 0163).
    RESUME_INVITES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(50),
    SEEKER_MAX_KEPT_SEARCHES: z.coerce.number().int().min(1).max(10_000).default(50),
    /** How often expired jobs are closed and 3-day notices sent; 0 turns the schedule off. */
    JOB_EXPIRY_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
    /** How often the per-job figures counted in memory are written to the database. */
    JOB_FIGURES_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /**
     * How long a visitor's job page or results page may be answered from memory (decision 0183). A job
     * changed on this instance drops them at once; on another instance this is how long a closed or edited
     * job can still show here. 0 renders every request.
     */
    JOB_PAGES_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /** Calls to the public read API (/api/v1) per client address per minute (decision 0266). */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
    /** How often new-application, digest, interview and rejection emails are sent (issue 12); 0 turns them off. */
    APPLICANT_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** The mail window (decision 0228): a stage is mailed to the applicant once it has held this long; quicker moves send one email, about the last. */
    STAGE_MAIL_QUIET_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  })
  .superRefine((env, ctx) => {
    // A previous secret is accepted for a set time only: the two come together.
    for (const name of ['SESSION_SECRET', ...Object.values(PURPOSE_SECRET_NAMES)] as const) {
      const previous = env[`${name}_PREVIOUS`];
      const until = env[`${name}_PREVIOUS_UNTIL`];
      if (previous && until === undefined) ctx.addIssue({ code: 'custom', path: [`${name}_PREVIOUS_UNTIL`], message: `is required with ${name}_PREVIOUS: until when the previous value is accepted` });
      if (!previous && until !== undefined) ctx.addIssue({ code: 'custom', path: [`${name}_PREVIOUS`], message: `is required with ${name}_PREVIOUS_UNTIL` });
      if (name !== 'SESSION_SECRET' && previous && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${name}_PREVIOUS (a derived secret rotates with SESSION_SECRET_PREVIOUS)` });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      // Without SMTP, mail goes to the development mailbox, which production never serves (decision 0081).
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when NODE_ENV=production: without it sign-in codes would go to the development mailbox, which production never serves, so nobody could sign in',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;
/** The environment as set: every variable by its name (config-docs.ts says what each is for). */
export type EnvInput = z.input<typeof EnvSchema>;
/** The variables in the schema's order. */
export const ENV_NAMES = Object.keys(EnvSchema.shape) as Array<keyof EnvInput>;

export type Config = Omit<Env, 'PUBLIC_URL' | 'SESSION_SECRET' | 'UNSUBSCRIBE_LIST_KEY'> & {
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  /** The unsubscribe list's key: UNSUBSCRIBE_LIST_KEY, or SESSION_SECRET when unset (the list's key before secrets per purpose). */
  UNSUBSCRIBE_LIST_KEY: string;
  /** Each purpose's keys: the one that signs, and those a check accepts now (decision 0276). */
  secrets: Secrets;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A `.env` file beside package.json, when there is one, fills in what the environment does not set
 * (a variable set in the environment wins). `.env.example` lists every variable.
 */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Reads the environment once at start-up. Every bad value is reported by name, all at once,
 * so a person fixing a deployment sees the whole list rather than one error per restart.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in the environment mean "not set", as they do in most shells' .env files.
  const raw = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const given = typeof raw[name] === 'string' && !/SECRET|PASSWORD|KEY|URL/.test(name) ? ` (got "${raw[name]}")` : '';
        return `${name} ${issue.message}${given}`;
      }),
    );
  }
  const env = parsed.data;
  const master = env.SESSION_SECRET ?? developmentSessionSecret(env.DATA_DIR);
  const purposes = Object.fromEntries(
    SECRET_PURPOSES.map((purpose) => {
      const name = PURPOSE_SECRET_NAMES[purpose];
      return [purpose, { own: env[name], ownPrevious: env[`${name}_PREVIOUS`], ownPreviousUntil: env[`${name}_PREVIOUS_UNTIL`] }];
    }),
  );
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: master,
    UNSUBSCRIBE_LIST_KEY: env.UNSUBSCRIBE_LIST_KEY ?? master,
    secrets: buildSecrets({ master, masterPrevious: env.SESSION_SECRET_PREVIOUS, masterPreviousUntil: env.SESSION_SECRET_PREVIOUS_UNTIL, purposes }),
    isProduction: env.NODE_ENV === 'production',
  };
}

/** Outside production a secret is made once and kept in the data folder, so sessions survive restarts. */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
