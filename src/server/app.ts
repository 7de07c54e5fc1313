import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config';
import { ADMIN_ROLE } from '../shared/accounts/roles';
import type { DatabaseHandle } from './db/connection';
import type { Db, DialectName } from './db/database';
import emailPreferencesRoutes from './features/accounts/email-preferences.routes';
import analytics from './features/analytics/analytics.plugin';
import dashboardRoutes from './features/analytics/dashboard.routes';
import eventLogRoutes from './features/analytics/event-log.routes';
import observationRoutes from './features/analytics/observation.routes';
import emailValidation from './features/email-validation/email-validation.plugin';
import emailValidationRoutes from './features/email-validation/email-validation.routes';
import errorReportRoutes from './features/error-reports/error-reports.routes';
import googleSignInRoutes from './features/google-sign-in/google-sign-in.routes';
import devMailboxRoutes from './features/mail/dev-mailbox.routes';
import unsubscribeRoutes from './features/mail/unsubscribe.routes';
import applicantMail from './features/applicant-mail/applicant-mail.plugin';
import followUp from './features/follow-up/follow-up.plugin';
import gotHiredRoutes from './features/follow-up/got-hired.routes';
import referencesRoutes from './features/references/references.routes';
import applicantMailRoutes from './features/applicant-mail/applicant-mail.routes';
import mail from './features/mail/mail.plugin';
import metrics from './features/metrics/metrics.plugin';
import rateLimits from './features/rate-limits/rate-limits.plugin';
import registrationRoutes from './features/registration/registration.routes';
import sessions from './features/sessions/sessions.plugin';
import type { SessionUser } from './features/sessions/session-repository';
import sessionRoutes from './features/sessions/sessions.routes';
import smsOptInRoutes from './features/sms/sms-opt-in.routes';
import tracking from './features/tracking/tracking.plugin';
import trackingRoutes from './features/tracking/tracking.routes';
import jobPagesRoutes from './features/job-pages/job-pages.routes';
import jobPreviewRoutes from './features/job-pages/job-preview.routes';
import feedsRoutes from './features/open-data/feeds.routes';
import openDataApiRoutes from './features/open-data/api.routes';
import embedRoutes from './features/open-data/embed.routes';
import seeker from './features/seeker/seeker.plugin';
import storage from './features/storage/storage.plugin';
import scheduler from './features/scheduler/scheduler.plugin';
import queue from './features/queue/queue.plugin';
import queueRoutes from './features/queue/queue.routes';
import seekerRoutes from './features/seeker/seeker.routes';
import onboardingRoutes from './features/seeker/onboarding.routes';
import seekerSettingsRoutes from './features/seeker/seeker-settings.routes';
import companies from './features/companies/companies.plugin';
import companyRoutes from './features/companies/companies.routes';
import planUsageRoutes from './features/companies/plan-usage.routes';
import employerJobs from './features/employer-jobs/employer-jobs.plugin';
import employerJobsRoutes from './features/employer-jobs/employer-jobs.routes';
import firstRunRoutes from './features/employer-jobs/first-run.routes';
import moderationRoutes from './features/employer-jobs/moderation.routes';
import questionSetsRoutes from './features/employer-jobs/question-sets.routes';
import spotlight from './features/spotlight/spotlight.plugin';
import spotlightRoutes from './features/spotlight/spotlight.routes';
import applicantsRoutes from './features/applicants/applicants.routes';
import resumeDatabase from './features/resume-database/resume-database.plugin';
import resumeDatabaseRoutes from './features/resume-database/resume-database.routes';
import notificationsRoutes from './features/notifications/notifications.routes';
import { unreadCount } from './features/notifications/notifications.service';
import { workspaceShell } from './features/companies/employer-workspace';
import { seekerBottomNav } from '../shared/seeker/bottom-nav';
import pageRoutes from './features/pages/page.routes';
import privacyRoutes from './features/privacy/privacy.routes';
import interviewsRoutes from './features/interviews/interviews.routes';
import messagesRoutes from './features/messages/messages.routes';
import messageMail from './features/messages/message-mail.plugin';
import interviewMail from './features/interviews/interview-mail.plugin';
import storageLeftovers from './features/storage/storage-leftovers.plugin';
import messageEvents from './features/messages/message-events';
import messageStreamRoutes from './features/messages/message-stream.routes';
import registrationPageRoutes from './features/registration-pages/registration-pages.routes';
import errors from './plugins/errors';
import healthRoutes from './plugins/health';
import { trustedProxyMatcher } from './lib/client-address';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/request-id';
import clientAddress from './plugins/client-address';
import hostCheck from './plugins/host-check';
import { loggerOptions } from './plugins/logger';
import { named } from './lib/named-plugin';
import sameOrigin from './plugins/same-origin';
import securityHeaders from './plugins/security-headers';
import ssr from './plugins/ssr';
import visitorPagesSharing from './features/visitor-pages/visitor-pages-sharing.plugin';

/** Bodies up to this size are compressed in one call (decision 0201). */
export const COMPRESS_IN_ONE_CALL_BYTES = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: DialectName;
    /** The clock, injectable so tests can move time (code expiry, rate windows). */
    now(): number;
  }
  interface FastifyRequest {
    /** The signed-in person, set by the session plugin; null for a visitor. */
    user: SessionUser | null;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** false silences logs (tests); otherwise pino with the configured level. */
  logger?: boolean;
  /** Write the JSON log here instead of stdout (tests that read what was logged). */
  logStream?: NodeJS.WritableStream;
  now?: () => number;
  /** Serve the client through Vite's dev server with hot reload instead of the built files. */
  dev?: boolean;
  /** Also report the process's CPU, memory, event-loop delay and GC at /metrics: once per process (the server's start). */
  processMetrics?: boolean;
  /** Told of every route as it is added (the fuzz test lists every route this way). */
  onRoute?: (route: RouteOptions) => void;
}

export const BODY_LIMIT_BYTES = 16 * 1024;
export const BAD_ADDRESS_MESSAGE = 'This address is not valid.';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const isTrustedProxy = trustedProxyMatcher(config.TRUST_PROXY);
  const serverOptions: FastifyServerOptions = {
    // Pretty in a terminal, JSON lines otherwise (issue 14); redaction applies either way.
    logger: options.logger === false ? false : loggerOptions(config, options.logStream ? { stream: options.logStream } : { pretty: process.stdout.isTTY === true }),
    // Only the proxies named in TRUST_PROXY may say who the client is (decision 0080), or name the request.
    trustProxy: isTrustedProxy,
    genReqId: requestIdFrom(isTrustedProxy),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // An address that cannot be decoded ("/%", 400) or is too long (414) is the client's mistake: an
    // answer in our shape, not Fastify's own body. No hook has run for it, so it carries its own strict headers.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      const message = status === 414 ? 'This address is too long.' : BAD_ADDRESS_MESSAGE;
      (reply as FastifyReply)
        .status(status)
        .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" })
        .send({ status: 'PROTO_VALIDATION_ERROR', error_message: message, error: message });
    },
  };
  const app = Fastify(serverOptions);
  // Every answer names its request, as every log line of it does.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Routes declare their params, query, body and JSON answers with zod (decision 0250).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('db', database.db);
        instance.decorate('dialect', database.dialect);
        instance.decorate('now', options.now ?? Date.now);
        instance.decorateRequest('user', null);
      },
      { name: 'config' },
    ),
  );
  // First, so every request is counted and timed, refusals too (decision 0275).
  await app.register(named(metrics), { processMetrics: options.processMetrics ?? false });
  await app.register(named(errors));
  await app.register(named(hostCheck));
  await app.register(named(clientAddress));
  await app.register(named(securityHeaders), { dev: options.dev ?? false });
  await app.register(named(compress), {
    threshold: 1024,
    // A page (a results page is about 62 KB) is compressed in one call rather than through a zlib
    // stream per response, whose buffers outlived two scavenges and made each one promote 1.9 MB
    // (decision 0201). Larger bodies (sitemaps) still stream, so the event loop is never held long.
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    // Quality 11 is for files compressed once at build time; per-response brotli must be quick.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // No signed cookies: a session is a random id stored hashed, and needs no secret (decision 0276).
  await app.register(named(cookie));
  await app.register(named(formbody), { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(named(sameOrigin));
  // The route guard: the session's half, then the companies feature's employer half (decision 0314).
  await app.register(named(sessions));
  await app.register(named(companies));
  await app.register(named(tracking));
  await app.register(named(rateLimits));
  await app.register(named(mail));
  await app.register(named(emailValidation));
  await app.register(named(storage));
  await app.register(named(scheduler));
  await app.register(named(storageLeftovers));
  await app.register(named(queue));
  // A lower feature's plugin comes before the higher ones that fill its extension points (decision 0314).
  await app.register(named(seeker));
  await app.register(named(spotlight));
  await app.register(named(employerJobs));
  await app.register(named(messageMail));
  await app.register(named(interviewMail));
  await app.register(named(applicantMail));
  await app.register(named(followUp));
  await app.register(named(resumeDatabase));
  await app.register(named(healthRoutes));
  await app.register(named(analytics));
  await app.register(named(eventLogRoutes));
  await app.register(named(registrationRoutes));
  await app.register(named(googleSignInRoutes));
  await app.register(named(trackingRoutes));
  await app.register(named(emailValidationRoutes));
  await app.register(named(emailPreferencesRoutes));
  await app.register(named(smsOptInRoutes));
  await app.register(named(errorReportRoutes));
  await app.register(named(sessionRoutes));
  await app.register(named(devMailboxRoutes));
  await app.register(named(observationRoutes));
  await app.register(named(ssr), {
    dev: options.dev ?? false,
    signedInShell: async (user, url) => ({
      unreadNotifications: await unreadCount(app.db, user.id, user.side),
      ...(await workspaceShell(app.db, user, url)),
      ...(user.role === ADMIN_ROLE ? { isAdmin: true } : {}),
      // A seeker-side session gets the phone's bottom navigation (decision 0301).
      ...(user.side === 'employer' ? {} : { seekerNav: seekerBottomNav(url) }),
    }),
  });
  await app.register(named(visitorPagesSharing));
  await app.register(named(registrationPageRoutes));
  await app.register(named(pageRoutes));
  await app.register(named(jobPagesRoutes));
  await app.register(named(feedsRoutes));
  await app.register(named(openDataApiRoutes));
  await app.register(named(embedRoutes));
  await app.register(named(dashboardRoutes));
  await app.register(named(queueRoutes));
  await app.register(named(seekerRoutes));
  await app.register(named(onboardingRoutes));
  await app.register(named(seekerSettingsRoutes));
  await app.register(named(companyRoutes));
  await app.register(named(planUsageRoutes));
  await app.register(named(employerJobsRoutes));
  await app.register(named(firstRunRoutes));
  await app.register(named(moderationRoutes));
  await app.register(named(questionSetsRoutes));
  await app.register(named(jobPreviewRoutes));
  await app.register(named(spotlightRoutes));
  await app.register(named(applicantsRoutes));
  await app.register(named(unsubscribeRoutes));
  await app.register(named(applicantMailRoutes));
  await app.register(named(notificationsRoutes));
  await app.register(named(resumeDatabaseRoutes));
  await app.register(named(messageEvents));
  await app.register(named(messagesRoutes));
  await app.register(named(messageStreamRoutes));
  await app.register(named(interviewsRoutes));
  await app.register(named(gotHiredRoutes));
  await app.register(named(referencesRoutes));
  await app.register(named(privacyRoutes));

  // Shutting down: a response still in flight closes its keep-alive connection, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
