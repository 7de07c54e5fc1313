// /candidate/gothired (spec 2.1; issue 42, decision 0232): a job seeker tells us they got a job, at
// Jobwise (one of their applications) or elsewhere, and may withdraw their other applications and pause
// their job alerts in the same step. The hire is counted, without the person, in the admin analytics.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FOLLOW_UP_PATHS,
  GOT_HIRED_MESSAGES,
  GOT_HIRED_TEXT_MAX,
  type GotHiredErrors,
  type GotHiredPageProps,
  type GotHiredValues,
} from '../../../shared/follow-up/follow-up';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { Db } from '../../db/database';
import { InputValidationError } from '../../plugins/errors';
import { recordHire } from '../analytics/hire-reports';
import { withdrawApplication } from '../applicants/applicants.service';
import { pauseAlerts } from '../seeker/seeker.repository';
import { sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import { firstValue, RowIdSchema } from '../../shared/form-fields';
import { FORM_TEXT_MAX, formText, type RoutesApp } from '../../shared/route-contracts';

const PRIVATE = 'private, no-store';
const first = firstValue;
const many = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]);
const IdSchema = RowIdSchema;
const text = z.preprocess(
  (value) => first(value) ?? '',
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(GOT_HIRED_TEXT_MAX, GOT_HIRED_MESSAGES.tooLong)),
);

/** The form (and the JSON body): where the job is, which application or which employer, what to tidy up. */
export const GotHiredBodySchema = z
  .object({
    where: z.preprocess(first, z.enum(['jobwise', 'elsewhere'], { message: GOT_HIRED_MESSAGES.where })),
    application_id: z.preprocess((value) => first(value) ?? '', z.string().max(64)),
    employer: text,
    title: text,
    withdraw: z.preprocess(many, z.array(IdSchema).max(200)),
    pause_alerts: z.preprocess(first, z.enum(['on', '1', 'true']).optional()),
  })
  .superRefine((body, ctx) => {
    if (body.where === 'jobwise' && !IdSchema.safeParse(body.application_id).success) ctx.addIssue({ code: 'custom', path: ['application_id'], message: GOT_HIRED_MESSAGES.applicationId });
    if (body.where === 'elsewhere' && !body.employer) ctx.addIssue({ code: 'custom', path: ['employer'], message: GOT_HIRED_MESSAGES.employer });
    if (body.where === 'elsewhere' && !body.title) ctx.addIssue({ code: 'custom', path: ['title'], message: GOT_HIRED_MESSAGES.title });
  });

/** The form's shape; GotHiredBodySchema is its rule, whose messages the page shows next to each field. */
const GotHiredFormSchema = z
  .object({
    where: formText(),
    application_id: formText(),
    employer: formText(),
    title: formText(),
    withdraw: z.union([z.string().max(FORM_TEXT_MAX), z.array(z.string().max(FORM_TEXT_MAX)).max(200)]).optional(),
    pause_alerts: formText(),
  })
  .default({});

const DoneQuerySchema = z
  .object({
    reported: z.preprocess(first, z.literal('1').optional().catch(undefined)),
    withdrawn: z.preprocess(first, z.coerce.number().int().min(0).max(200).catch(0)).default(0),
    paused: z.preprocess(first, z.literal('1').optional().catch(undefined)),
  })
  .catch({ reported: undefined, withdrawn: 0, paused: undefined });

const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The person's applications still open (not withdrawn), newest first. */
async function openApplications(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.created_at', 'j.title', 'j.company_name', 'j.company_id'])
    .where('a.account_id', '=', accountId)
    .where('a.withdrawn_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

async function activeAlertCount(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('job_alerts').select((eb) => eb.fn.countAll<number | string>().as('count')).where('account_id', '=', accountId).where('paused_at', 'is', null).executeTakeFirst();
  return Number(row?.count ?? 0);
}

const EMPTY_VALUES: GotHiredValues = { where: '', applicationId: '', employer: '', title: '', withdraw: [], pauseAlerts: false };

function errorsOf(issues: z.core.$ZodIssue[]): GotHiredErrors {
  const errors: GotHiredErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] === 'application_id' ? 'applicationId' : issue.path[0];
    if ((field === 'where' || field === 'applicationId' || field === 'employer' || field === 'title') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function valuesOf(body: unknown): GotHiredValues {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const where = first(raw.where);
  return {
    where: where === 'jobwise' || where === 'elsewhere' ? where : '',
    applicationId: typeof first(raw.application_id) === 'string' ? String(first(raw.application_id)) : '',
    employer: typeof first(raw.employer) === 'string' ? String(first(raw.employer)).slice(0, GOT_HIRED_TEXT_MAX * 2) : '',
    title: typeof first(raw.title) === 'string' ? String(first(raw.title)).slice(0, GOT_HIRED_TEXT_MAX * 2) : '',
    withdraw: many(raw.withdraw).filter((id): id is string => typeof id === 'string'),
    pauseAlerts: first(raw.pause_alerts) !== undefined,
  };
}

export default async function gotHiredRoutes(app: RoutesApp) {
  const seeker = { config: { requireRole: 'seeker' as const } };

  async function renderForm(request: FastifyRequest, reply: FastifyReply, state: { values: GotHiredValues; errors: GotHiredErrors; done: GotHiredPageProps['done'] }, status = 200) {
    const accountId = signedInUser(request).id;
    const [applications, activeAlerts] = await Promise.all([openApplications(app.db, accountId), activeAlertCount(app.db, accountId)]);
    const props: GotHiredPageProps = {
      action: FOLLOW_UP_PATHS.gotHired,
      applications: applications.map((row) => ({ id: row.id, jobTitle: row.title, companyName: row.company_name, applied: days.format(new Date(row.created_at)) })),
      activeAlerts,
      ...state,
      myJobsHref: SEEKER_PATHS.myJobs,
      alertsHref: SEEKER_PATHS.alerts,
    };
    return reply.header('cache-control', PRIVATE).renderPage('got-hired', props, { title: 'You got a job', noIndex: true, status });
  }

  app.get(FOLLOW_UP_PATHS.gotHired, { ...seeker, schema: { querystring: DoneQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const done = query.reported ? { withdrawn: query.withdrawn, alertsPaused: query.paused === '1' } : null;
    return renderForm(request, reply, { values: EMPTY_VALUES, errors: {}, done });
  });

  const reportedSchema = z.object({ status: z.literal('REPORTED'), withdrawn: z.number(), alertsPaused: z.boolean() });
  app.post(FOLLOW_UP_PATHS.gotHired, { config: { requireRole: 'seeker', actionRateLimit: true }, schema: { body: GotHiredFormSchema, response: { 200: reportedSchema } } }, async (request, reply) => {
    const parsed = GotHiredBodySchema.safeParse(request.body);
    if (!parsed.success) {
      if (wantsJson(request)) throw new InputValidationError(parsed.error.issues);
      return renderForm(request, reply, { values: valuesOf(request.body), errors: errorsOf(parsed.error.issues), done: null }, 400);
    }
    const body = parsed.data;
    const accountId = signedInUser(request).id;
    const now = app.now();
    const open = new Map((await openApplications(app.db, accountId)).map((row) => [row.id, row]));
    // Someone else's application, or one already withdrawn, is not found: nothing is stored.
    const hired = body.where === 'jobwise' ? open.get(body.application_id) : undefined;
    if (body.where === 'jobwise' && !hired) return sendNotFound(request, reply);
    const toWithdraw = [...new Set(body.withdraw)].filter((id) => id !== hired?.id);
    if (toWithdraw.some((id) => !open.has(id))) return sendNotFound(request, reply);

    const outcome = await app.db.transaction().execute(async (trx) => {
      let withdrawn = 0;
      for (const id of toWithdraw) if (await withdrawApplication(trx, accountId, id, now)) withdrawn += 1;
      const paused = body.pause_alerts ? await pauseAlerts(trx, accountId, now) : 0;
      await recordHire(trx, {
        source: body.where,
        companyId: hired?.company_id ?? null,
        employerName: hired ? hired.company_name : body.employer,
        jobTitle: hired ? hired.title : body.title,
        now,
      });
      return { withdrawn, alertsPaused: paused > 0 };
    });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'REPORTED', ...outcome });
    const query = new URLSearchParams({ reported: '1', withdrawn: String(outcome.withdrawn), ...(outcome.alertsPaused ? { paused: '1' } : {}) });
    return reply.header('cache-control', PRIVATE).redirect(`${FOLLOW_UP_PATHS.gotHired}?${query}`, 303);
  });
}
