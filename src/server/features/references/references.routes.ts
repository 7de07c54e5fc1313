// /candidate/references, /submit-reference/{token}, /reference-giver/create-alert/{token} (spec 2.1;
// issue 43, decision 0235). Plain form posts that answer pages; the server holds every rule.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AskReferenceSchema,
  GiverAlertSchema,
  REFERENCE_LIMITS,
  REFERENCE_MESSAGES,
  REFERENCE_NOTICES,
  REFERENCE_PATHS,
  ReferenceShownSchema,
  SubmitReferenceSchema,
  referenceRemovePath,
  referenceTogglePath,
  type CandidateReferencesPageProps,
  type GiverAlertPageProps,
  type SubmitReferencePageProps,
} from '../../../shared/references/references';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { sendNotFound, signedInUser } from '../sessions/route-guard';
import {
  askForReference,
  createGiverAlert,
  formatDay,
  isActive,
  lookUpGiverAlertLink,
  lookUpReferenceLink,
  referencesOf,
  removeReference,
  seekerNameOf,
  setReferenceShown,
  submitReference,
  type LinkState,
} from './references.service';
import { firstValue } from '../../shared/form-fields';
import { noBody, pathSegment, repeatableForm, type RoutesApp } from '../../shared/route-contracts';

const PRIVATE = 'private, no-store';
const first = firstValue;
const raw = (body: unknown, key: string, max: number) => {
  const value = body && typeof body === 'object' ? first((body as Record<string, unknown>)[key]) : undefined;
  return typeof value === 'string' ? value.slice(0, max) : '';
};
const IdParams = z.object({ id: pathSegment });
/** A reference's id: one of another form is not found (404). */
const isReferenceId = (id: string) => /^[0-9a-f-]{36}$/.test(id);
/** A link's token; one too long to be ours is an invalid link, whose page says so. */
const TokenParams = z.object({ token: z.string().max(200).catch('') });
const NoticeQuery = z.object({ notice: z.preprocess(first, z.enum(['asked', 'shown', 'hidden', 'removed']).optional().catch(undefined)) }).catch({ notice: undefined });
const ThanksQuery = z.object({ sent: z.preprocess(first, z.literal('1').optional().catch(undefined)) }).catch({ sent: undefined });

const LINK_MESSAGES: Record<Exclude<LinkState, 'ready'>, string> = { used: REFERENCE_MESSAGES.linkUsed, expired: REFERENCE_MESSAGES.linkExpired, invalid: REFERENCE_MESSAGES.linkInvalid };
const ALERT_MESSAGES = { used: REFERENCE_MESSAGES.alertUsed, expired: REFERENCE_MESSAGES.alertExpired, invalid: REFERENCE_MESSAGES.alertInvalid } as const;
const LINK_STATUS: Record<LinkState, number> = { ready: 200, used: 410, expired: 410, invalid: 404 };

function fieldErrors<K extends string>(issues: z.core.$ZodIssue[], fields: readonly K[]): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as K;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export default async function referencesRoutes(app: RoutesApp) {
  const seeker = { config: { requireRole: 'seeker' as const } };
  const seekerAction = { config: { requireRole: 'seeker' as const, actionRateLimit: true } };

  async function renderReferences(request: FastifyRequest, reply: FastifyReply, state: Pick<CandidateReferencesPageProps, 'values' | 'errors' | 'error' | 'notice'>, status = 200) {
    const now = app.now();
    const rows = await referencesOf(app.db, signedInUser(request).id);
    const props: CandidateReferencesPageProps = {
      action: REFERENCE_PATHS.references,
      references: rows.map((row) => {
        const status = row.submitted_at !== null ? 'received' : row.expires_at > now ? 'waiting' : 'expired';
        return {
          id: row.id,
          name: row.referee_name,
          email: row.referee_email,
          relationship: row.relationship,
          status,
          when: row.submitted_at !== null ? formatDay(row.submitted_at) : status === 'waiting' ? `asked ${formatDay(row.created_at)}` : formatDay(row.expires_at),
          text: row.reference_text,
          shown: row.shown_to_employers === 1,
          togglePath: referenceTogglePath(row.id),
          removePath: referenceRemovePath(row.id),
        };
      }),
      activeCount: rows.filter((row) => isActive(row, now)).length,
      activeMax: REFERENCE_LIMITS.activeMax,
      ...state,
    };
    return reply.header('cache-control', PRIVATE).status(status).renderPage('seeker-references', props, { title: 'References', noIndex: true, status });
  }

  const EMPTY = { name: '', email: '', relationship: '' };

  app.get(REFERENCE_PATHS.references, { ...seeker, schema: { querystring: NoticeQuery } }, async (request, reply) => {
    const { notice } = request.query;
    return renderReferences(request, reply, { values: EMPTY, errors: {}, error: null, notice: notice ? REFERENCE_NOTICES[notice] : null });
  });

  app.post(REFERENCE_PATHS.references, { ...seekerAction, schema: { body: repeatableForm('name', 'email', 'relationship') } }, async (request, reply) => {
    const { body } = request;
    const values = { name: raw(body, 'name', 200), email: raw(body, 'email', 300), relationship: raw(body, 'relationship', 300) };
    const parsed = AskReferenceSchema.safeParse(body);
    if (!parsed.success) return renderReferences(request, reply, { values, errors: fieldErrors(parsed.error.issues, ['name', 'email', 'relationship'] as const), error: null, notice: null }, 400);
    const outcome = await askForReference(app, signedInUser(request), parsed.data);
    if (!outcome.ok) {
      const errors = outcome.field ? { [outcome.field]: outcome.message } : {};
      return renderReferences(request, reply, { values, errors, error: outcome.field ? null : outcome.message, notice: null }, outcome.field ? 400 : 429);
    }
    return reply.header('cache-control', PRIVATE).redirect(`${REFERENCE_PATHS.references}?notice=asked`, 303);
  });

  app.post(`${REFERENCE_PATHS.references}/:id/shown`, { ...seekerAction, schema: { params: IdParams, body: ReferenceShownSchema } }, async (request, reply) => {
    const { id } = request.params;
    const shown = request.body.shown === '1';
    if (!isReferenceId(id) || !(await setReferenceShown(app.db, signedInUser(request).id, id, shown))) return sendNotFound(request, reply);
    return reply.header('cache-control', PRIVATE).redirect(`${REFERENCE_PATHS.references}?notice=${shown ? 'shown' : 'hidden'}`, 303);
  });

  app.post(`${REFERENCE_PATHS.references}/:id/remove`, { ...seekerAction, schema: { params: IdParams, body: noBody } }, async (request, reply) => {
    const { id } = request.params;
    if (!isReferenceId(id) || !(await removeReference(app.db, signedInUser(request).id, id))) return sendNotFound(request, reply);
    return reply.header('cache-control', PRIVATE).redirect(`${REFERENCE_PATHS.references}?notice=removed`, 303);
  });

  async function renderSubmit(reply: FastifyReply, token: string, state: LinkState, extra: { seekerName: string; refereeName: string; text?: string; error?: string }) {
    const props: SubmitReferencePageProps = {
      state,
      message: state === 'ready' ? null : LINK_MESSAGES[state],
      seekerName: extra.seekerName,
      refereeName: extra.refereeName,
      action: `${REFERENCE_PATHS.submit}/${token}`,
      values: { text: extra.text ?? '' },
      errors: extra.error ? { text: extra.error } : {},
      textMax: REFERENCE_LIMITS.textMax,
    };
    const status = extra.error ? 400 : LINK_STATUS[state];
    // The link is a secret: never cached, never sent to another site as a referrer (same-origin: our own form posts keep their Origin), never indexed.
    return reply.header('cache-control', PRIVATE).header('referrer-policy', 'same-origin').renderPage('submit-reference', props, { title: 'Write a reference', noIndex: true, status, minimalFooter: true });
  }

  app.get(`${REFERENCE_PATHS.submit}/:token`, { schema: { params: TokenParams } }, async (request, reply) => {
    const { token } = request.params;
    const { state, row } = await lookUpReferenceLink(app, token);
    const seekerName = row ? await seekerNameOf(app.db, row.seeker_account_id) : '';
    return renderSubmit(reply, token, state, { seekerName, refereeName: row?.referee_name ?? '' });
  });

  app.post(`${REFERENCE_PATHS.submit}/:token`, { config: { clientRateLimit: true }, schema: { params: TokenParams, body: repeatableForm('text') } }, async (request, reply) => {
    const { token } = request.params;
    const parsed = SubmitReferenceSchema.safeParse(request.body);
    if (!parsed.success) {
      const { state, row } = await lookUpReferenceLink(app, token);
      const seekerName = row ? await seekerNameOf(app.db, row.seeker_account_id) : '';
      return renderSubmit(reply, token, state, { seekerName, refereeName: row?.referee_name ?? '', text: raw(request.body, 'text', REFERENCE_LIMITS.textMax * 2), error: state === 'ready' ? parsed.error.issues[0]?.message : undefined });
    }
    const outcome = await submitReference(app, token, parsed.data.text);
    if (!outcome.ok) return renderSubmit(reply, token, outcome.state, { seekerName: '', refereeName: '' });
    return reply.header('cache-control', PRIVATE).header('referrer-policy', 'same-origin').redirect(`${REFERENCE_PATHS.giverAlert}/${outcome.alertLink}?sent=1`, 303);
  });

  async function renderAlert(thanked: boolean, reply: FastifyReply, token: string, state: GiverAlertPageProps['state'], extra: { values?: GiverAlertPageProps['values']; errors?: GiverAlertPageProps['errors']; message?: string } = {}) {
    const { row } = state === 'invalid' ? { row: null } : await lookUpGiverAlertLink(app, token);
    const props: GiverAlertPageProps = {
      state,
      message: extra.message ?? (state === 'used' || state === 'expired' || state === 'invalid' ? ALERT_MESSAGES[state] : null),
      thanked,
      seekerName: row ? await seekerNameOf(app.db, row.seeker_account_id) : '',
      email: row?.referee_email ?? '',
      action: `${REFERENCE_PATHS.giverAlert}/${token}`,
      values: extra.values ?? { search: '', location: '' },
      errors: extra.errors ?? {},
      alertsHref: SEEKER_PATHS.alerts,
    };
    const status = extra.errors && Object.keys(extra.errors).length ? 400 : state === 'invalid' ? 404 : state === 'expired' || state === 'used' ? 410 : 200;
    return reply.header('cache-control', PRIVATE).header('referrer-policy', 'same-origin').renderPage('reference-giver-alert', props, { title: 'Job alerts for you', noIndex: true, status, minimalFooter: true });
  }

  const giverAlertSchema = { params: TokenParams, querystring: ThanksQuery };
  app.get(`${REFERENCE_PATHS.giverAlert}/:token`, { schema: giverAlertSchema }, async (request, reply) => {
    const { token } = request.params;
    const { state } = await lookUpGiverAlertLink(app, token);
    return renderAlert(request.query.sent === '1', reply, token, state);
  });

  app.post(`${REFERENCE_PATHS.giverAlert}/:token`, { config: { clientRateLimit: true }, schema: { ...giverAlertSchema, body: repeatableForm('search', 'location') } }, async (request, reply) => {
    const { token } = request.params;
    const values = { search: raw(request.body, 'search', 200), location: raw(request.body, 'location', 200) };
    const parsed = GiverAlertSchema.safeParse(request.body);
    if (!parsed.success) {
      const { state } = await lookUpGiverAlertLink(app, token);
      if (state !== 'ready') return renderAlert(request.query.sent === '1', reply, token, state);
      return renderAlert(request.query.sent === '1', reply, token, state, { values, errors: fieldErrors(parsed.error.issues, ['search', 'location'] as const) });
    }
    const outcome = await createGiverAlert(app, token, parsed.data);
    if (!outcome.ok) {
      if (outcome.state === 'limit') return renderAlert(request.query.sent === '1', reply, token, 'ready', { values, message: REFERENCE_MESSAGES.alertLimit });
      return renderAlert(request.query.sent === '1', reply, token, outcome.state);
    }
    return renderAlert(request.query.sent === '1', reply, token, 'created', { values: parsed.data });
  });
}
