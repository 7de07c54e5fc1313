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
  await app.register(metrics, { processMetrics: options.processMetrics ?? false });
  await app.register(errors);
  await app.register(hostCheck);
  await app.register(clientAddress);
  await app.register(securityHeaders, { dev: options.dev ?? false });
  await app.register(compress, {
    threshold: 1024,
    // A page (a results page is about 62 KB) is compressed in one call rather than through a zlib
    // stream per response, whose buffers outlived two scavenges and made each one promote 1.9 MB
    // (decision 0201). Larger bodies (sitemaps) still stream, so the event loop is never held long.
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    // Quality 11 is for files compressed once at build time; per-response brotli must be quick.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // No signed cookies: a session is a random id stored hashed, and needs no secret (decision 0276).
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(sameOrigin);
  // The route guard: the session's half, then the companies feature's employer half (decision 0314).
  await app.register(sessions);
  await app.register(companies);
  await app.register(tracking);
  await app.register(rateLimits);
  await app.register(mail);
  await app.register(emailValidation);
  await app.register(storage);
  await app.register(scheduler);
  await app.register(storageLeftovers);
  await app.register(queue);
  // A lower feature's plugin comes before the higher ones that fill its extension points (decision 0314).
  await app.register(seeker);
  await app.register(spotlight);
  await app.register(employerJobs);
  await app.register(messageMail);
  await app.register(interviewMail);
  await app.register(applicantMail);
  await app.register(followUp);
  await app.register(resumeDatabase);
  await app.register(healthRoutes);
  await app.register(analytics);
  await app.register(eventLogRoutes);
  await app.register(registrationRoutes);
  await app.register(googleSignInRoutes);
  await app.register(trackingRoutes);
  await app.register(emailValidationRoutes);
  await app.register(emailPreferencesRoutes);
  await app.register(smsOptInRoutes);
  await app.register(errorReportRoutes);
  await app.register(sessionRoutes);
  await app.register(devMailboxRoutes);
  await app.register(observationRoutes);
  await app.register(ssr, {
    dev: options.dev ?? false,
    signedInShell: async (user, url) => ({
      unreadNotifications: await unreadCount(app.db, user.id, user.side),
      ...(await workspaceShell(app.db, user, url)),
      ...(user.role === ADMIN_ROLE ? { isAdmin: true } : {}),
      // A seeker-side session gets the phone's bottom navigation (decision 0301).
      ...(user.side === 'employer' ? {} : { seekerNav: seekerBottomNav(url) }),
    }),
  });
  await app.register(visitorPagesSharing);
  await app.register(registrationPageRoutes);
  await app.register(pageRoutes);
  await app.register(jobPagesRoutes);
  await app.register(feedsRoutes);
  await app.register(openDataApiRoutes);
  await app.register(embedRoutes);
  await app.register(dashboardRoutes);
  await app.register(queueRoutes);
  await app.register(seekerRoutes);
  await app.register(onboardingRoutes);
  await app.register(seekerSettingsRoutes);
  await app.register(companyRoutes);
  await app.register(planUsageRoutes);
  await app.register(employerJobsRoutes);
  await app.register(firstRunRoutes);
  await app.register(moderationRoutes);
  await app.register(questionSetsRoutes);
  await app.register(jobPreviewRoutes);
  await app.register(spotlightRoutes);
  await app.register(applicantsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(applicantMailRoutes);
  await app.register(notificationsRoutes);
  await app.register(resumeDatabaseRoutes);
  await app.register(messageEvents);
  await app.register(messagesRoutes);
  await app.register(messageStreamRoutes);
  await app.register(interviewsRoutes);
  await app.register(gotHiredRoutes);
  await app.register(referencesRoutes);
  await app.register(privacyRoutes);

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
