// Interviews (issue 42, decision 0231). The team proposes times from an application
// (/candidates/{id}/interview), the candidate picks one or asks for others (/interviews/{id}), the team
// moves or cancels it. Another company's or another seeker's interview answers 404 as if it did not
// exist. Plain forms: everything works without script; the same routes answer JSON to our fetch client.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { applicantPath } from '../../../shared/applicants/page-props';
import { checkNote, checkPick, checkProposal, checkReschedule, proposalDraft, type Checked } from '../../../shared/interviews/contracts';
import {
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_PATHS,
  INTERVIEW_TEXTS,
  interviewPath,
  proposeInterviewPath,
  type InterviewErrors,
  type InterviewNotice,
  type InterviewPageProps,
  type ProposeInterviewPageProps,
} from '../../../shared/interviews/interviews';
import { conversationPath } from '../../../shared/messages/constants';
import { DEFAULT_TIME_ZONE, timeZoneOfPlace, zonedTimeToUtc } from '../../../shared/interviews/time-zones';
import { findCompanyApplication } from '../applicants/applicants.repository';
import { findCompanyById } from '../companies/company.service';
import { employerOf, sendNotFound, signedInUser, wantsJson } from '../sessions/route-guard';
import {
  askForOtherTimes,
  cancelInterview,
  findInterview,
  interviewView,
  listInterviews,
  listSlots,
  pickInterviewTime,
  proposeInterview,
  rescheduleInterview,
  seekerPlace,
  type InterviewDeps,
  type InterviewParty,
  type StepResult,
} from './interviews.service';
import type { InterviewRow } from './interviews.table';
import { firstValue, RowIdSchema } from '../../shared/form-fields';
import { refusing } from '../../shared/refusals';
import { formFields, optionalQuery, pathSegment, type RoutesApp } from '../../shared/route-contracts';

const PRIVATE = 'private, no-store';
const first = firstValue;
const IdSchema = RowIdSchema;
const ParamsSchema = z.object({ id: IdSchema });
const NOTICES: Record<InterviewNotice, string> = {
  proposed: INTERVIEW_TEXTS.proposed,
  picked: INTERVIEW_TEXTS.picked,
  otherTimesAsked: INTERVIEW_TEXTS.otherTimesAsked,
  rescheduled: INTERVIEW_TEXTS.rescheduled,
  cancelled: INTERVIEW_TEXTS.cancelled,
};
const NoticeSchema = z.object({ notice: z.preprocess(first, z.enum(Object.keys(NOTICES) as [InterviewNotice, ...InterviewNotice[]]).optional().catch(undefined)) }).catch({ notice: undefined });
/** A path's id: any is looked up, and one we could not have made is not found (404). */
const PathParamsSchema = z.object({ id: pathSegment });
/** One of the two, an id we could have made: otherwise there is nothing to list (404). */
const ListQuerySchema = z.object({ conversation: optionalQuery(z.preprocess(first, IdSchema)), application: optionalQuery(z.preprocess(first, IdSchema)) });
/** A proposal's answer to our fetch client: the interview made and its page. */
const ProposedAnswerSchema = { 200: z.object({ status: z.literal('PROPOSED'), interview_id: z.string(), interview_path: z.string() }) };

export default async function interviewsRoutes(app: RoutesApp) {
  const person = { config: { requireRole: 'person' as const } };
  const employer = { config: { requireRole: 'employer' as const } };
  const deps = (): InterviewDeps => ({ db: app.db, queue: app.interviewMail, publicUrl: app.config.PUBLIC_URL, now: app.now(), rateLimitStore: app.rateLimits.store });

  function partyOf(request: FastifyRequest): InterviewParty {
    const user = signedInUser(request);
    return request.employer ? { side: 'employer', accountId: user.id, companyId: request.employer.companyId } : { side: 'seeker', accountId: user.id };
  }

  /** The seeker's first choice of zone: their state's, else the default (the page's script offers the browser's). */
  async function seekerZone(accountId: string): Promise<string> {
    return timeZoneOfPlace(await seekerPlace(app.db, accountId)) ?? DEFAULT_TIME_ZONE;
  }

  async function viewsOf(party: InterviewParty, rows: InterviewRow[]) {
    const slots = await listSlots(app.db, rows.map((row) => row.id));
    const now = app.now();
    const names = new Map<string, string>();
    const out = [];
    for (const row of rows) {
      let withName = names.get(row.id);
      if (!withName) {
        withName =
          party.side === 'seeker'
            ? ((await findCompanyById(app.db, row.company_id))?.name ?? 'Employer')
            : (await app.db.selectFrom('job_applications').select('full_name').where('id', '=', row.application_id).executeTakeFirst())?.full_name || 'Candidate';
        names.set(row.id, withName);
      }
      const timeZone = party.side === 'employer' ? row.employer_time_zone : (row.seeker_time_zone ?? (await seekerZone(party.accountId)));
      out.push(interviewView(row, slots, { side: party.side, timeZone, withName }, now));
    }
    return out;
  }

  async function ownInterview(request: FastifyRequest, reply: FastifyReply): Promise<InterviewRow | null> {
    const params = ParamsSchema.safeParse(request.params);
    const found = params.success ? await findInterview(app.db, partyOf(request), params.data.id) : undefined;
    if (found) return found;
    await sendNotFound(request, reply);
    return null;
  }

  async function interviewProps(request: FastifyRequest, row: InterviewRow, extra: Partial<InterviewPageProps> = {}): Promise<InterviewPageProps> {
    const party = partyOf(request);
    const [view] = await viewsOf(party, [row]);
    return {
      side: party.side,
      interview: view!,
      conversationHref: row.conversation_id ? conversationPath(row.conversation_id) : null,
      applicationHref: party.side === 'employer' ? applicantPath(row.application_id) : null,
      timeZone: party.side === 'seeker' ? (row.seeker_time_zone ?? (await seekerZone(party.accountId))) : row.employer_time_zone,
      notice: null,
      errors: {},
      draft: { slot: '', note: '', time: '' },
      ...extra,
    };
  }

  const renderInterview = (reply: FastifyReply, props: InterviewPageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('interview', props, { title: `Interview · ${props.interview.jobTitle}`, noIndex: true, noStore: true, status });

  function refused(request: FastifyRequest, reply: FastifyReply, errors: InterviewErrors, status = 400) {
    const message = Object.values(errors)[0] ?? INTERVIEW_TEXTS.notOpen;
    return reply.status(status).header('cache-control', PRIVATE).send({ status: status === 400 ? 'PROTO_VALIDATION_ERROR' : 'NOT_OPEN', error_message: message, errors });
  }

  /** After a step: JSON for our client, else back to the interview with its notice (or the form with its message). */
  async function answerStep(request: FastifyRequest, reply: FastifyReply, row: InterviewRow, result: StepResult, notice: InterviewNotice) {
    if (result.kind === 'done') {
      if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'OK', interview: (await viewsOf(partyOf(request), [result.interview]))[0] });
      return reply.header('cache-control', PRIVATE).redirect(`${interviewPath(row.id)}?notice=${notice}`, 303);
    }
    const errors: InterviewErrors = result.kind === 'no_such_time' ? { slot: INTERVIEW_TEXTS.pickRequired } : { times: INTERVIEW_TEXTS.notOpen };
    const status = result.kind === 'no_such_time' ? 400 : 409;
    if (wantsJson(request)) return refused(request, reply, errors, status);
    return renderInterview(reply, await interviewProps(request, row, { errors }), status);
  }

  async function proposeProps(request: FastifyRequest, application: { id: string; full_name: string; job_title: string }, extra: Partial<ProposeInterviewPageProps> = {}): Promise<ProposeInterviewPageProps> {
    const party = partyOf(request);
    return {
      applicationId: application.id,
      applicationHref: applicantPath(application.id),
      candidateName: application.full_name || 'Candidate',
      jobTitle: application.job_title,
      action: proposeInterviewPath(application.id),
      errors: {},
      draft: { times: [], timeZone: DEFAULT_TIME_ZONE, placeKind: 'video', place: '', minutes: DEFAULT_INTERVIEW_MINUTES, note: '' },
      interviews: await viewsOf(party, await listInterviews(app.db, party, { applicationId: application.id })),
      ...extra,
    };
  }

  const renderPropose = (reply: FastifyReply, props: ProposeInterviewPageProps, status = 200) =>
    reply.header('cache-control', PRIVATE).renderPage('interview-propose', props, { title: `Propose an interview · ${props.candidateName}`, noIndex: true, noStore: true, status });

  app.get('/candidates/:id/interview', { ...employer, schema: { params: PathParamsSchema } }, async (request, reply) => {
    const params = ParamsSchema.safeParse(request.params);
    const application = params.success ? await findCompanyApplication(app.db, employerOf(request).companyId, params.data.id) : undefined;
    if (!application) return sendNotFound(request, reply);
    return renderPropose(reply, await proposeProps(request, application));
  });

  // The proposal's times repeat (time, time…): checkProposal reads them and gives each field's message.
  app.post('/candidates/:id/interview', { config: { ...employer.config, actionRateLimit: true }, schema: { params: PathParamsSchema, body: formFields, response: ProposedAnswerSchema } }, async (request, reply) => {
    const params = ParamsSchema.safeParse(request.params);
    const { companyId } = employerOf(request);
    const application = params.success ? await findCompanyApplication(app.db, companyId, params.data.id) : undefined;
    if (!application) return sendNotFound(request, reply);
    const checked = checkProposal(request.body, app.now(), zonedTimeToUtc);
    if (!checked.ok) {
      if (wantsJson(request)) return refused(request, reply, checked.errors);
      return renderPropose(reply, await proposeProps(request, application, { errors: checked.errors, draft: proposalDraft(request.body) }), 400);
    }
    const result = await proposeInterview(deps(), { companyId, accountId: signedInUser(request).id, applicationId: application.id, proposal: checked.value });
    if (result.kind === 'not_found') return sendNotFound(request, reply);
    if (result.kind === 'blocked' || result.kind === 'daily_limit') {
      const errors = { place: result.kind === 'blocked' ? INTERVIEW_TEXTS.blocked : INTERVIEW_TEXTS.dailyLimit };
      const status = result.kind === 'blocked' ? 409 : 429;
      if (result.kind === 'daily_limit') reply.header('retry-after', String(result.retryAfterSeconds));
      if (wantsJson(request)) return refusing(reply).status(status).header('cache-control', PRIVATE).send({ status: result.kind === 'blocked' ? 'BLOCKED' : 'CONVERSATION_LIMIT', error_message: errors.place, errors });
      return renderPropose(reply, await proposeProps(request, application, { errors, draft: proposalDraft(request.body) }), status);
    }
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'PROPOSED', interview_id: result.interviewId, interview_path: interviewPath(result.interviewId) });
    return reply.header('cache-control', PRIVATE).redirect(`${interviewPath(result.interviewId)}?notice=proposed`, 303);
  });

  // JSON for the sections on the conversation and application pages.
  app.get(INTERVIEW_PATHS.list, { ...person, schema: { querystring: ListQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const party = partyOf(request);
    if ((!query.conversation && !query.application) || (query.application && party.side !== 'employer')) return sendNotFound(request, reply);
    const rows = await listInterviews(app.db, party, query.conversation ? { conversationId: query.conversation } : { applicationId: query.application! });
    return reply.header('cache-control', PRIVATE).send({ interviews: await viewsOf(party, rows) });
  });

  app.get(`${INTERVIEW_PATHS.list}/:id`, { ...person, schema: { params: PathParamsSchema, querystring: NoticeSchema } }, async (request, reply) => {
    const row = await ownInterview(request, reply);
    if (!row) return reply;
    const { notice } = request.query;
    const props = await interviewProps(request, row, { notice: notice ? NOTICES[notice] : null });
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send(props);
    return renderInterview(reply, props);
  });

  /** A step only one side takes: the other side's session is answered 404, as for a stranger. */
  function step(side: 'seeker' | 'employer', check: (body: unknown) => Checked<unknown>, run: (request: FastifyRequest, row: InterviewRow, value: never) => Promise<StepResult>, notice: InterviewNotice, draft?: (body: unknown) => Partial<InterviewPageProps['draft']>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (partyOf(request).side !== side) return sendNotFound(request, reply);
      const row = await ownInterview(request, reply);
      if (!row) return reply;
      const checked = check(request.body);
      if (!checked.ok) {
        if (wantsJson(request)) return refused(request, reply, checked.errors);
        return renderInterview(reply, await interviewProps(request, row, { errors: checked.errors, draft: { slot: '', note: '', time: '', ...draft?.(request.body) } }), 400);
      }
      return answerStep(request, reply, row, await run(request, row, checked.value as never), notice);
    };
  }
  const textOf = (body: unknown, name: string) => {
    const value = body && typeof body === 'object' ? first((body as Record<string, unknown>)[name]) : undefined;
    return typeof value === 'string' ? value.slice(0, 2000) : '';
  };
  // Each step's form is read by its own check (checkPick, checkNote…), which gives each field's message.
  const actionConfig = { config: { ...person.config, actionRateLimit: true }, schema: { params: PathParamsSchema, body: formFields } };

  app.post(
    `${INTERVIEW_PATHS.list}/:id/pick`,
    actionConfig,
    step('seeker', checkPick, (request, row, value: { slotId: string; timeZone: string }) => pickInterviewTime(deps(), signedInUser(request).id, row, value), 'picked'),
  );
  app.post(
    `${INTERVIEW_PATHS.list}/:id/other-times`,
    actionConfig,
    step('seeker', (body) => checkNote(body), (request, row, note: string) => askForOtherTimes(deps(), signedInUser(request).id, row, note), 'otherTimesAsked', (body) => ({ note: textOf(body, 'note') })),
  );
  app.post(
    `${INTERVIEW_PATHS.list}/:id/reschedule`,
    actionConfig,
    step(
      'employer',
      (body) => checkReschedule(body, app.now(), zonedTimeToUtc),
      (request, row, value: Parameters<typeof rescheduleInterview>[3]) => rescheduleInterview(deps(), partyOf(request) as Extract<InterviewParty, { side: 'employer' }>, row, value),
      'rescheduled',
      (body) => ({ time: textOf(body, 'time') }),
    ),
  );
  app.post(
    `${INTERVIEW_PATHS.list}/:id/cancel`,
    actionConfig,
    step('employer', () => ({ ok: true, value: null }), (request, row) => cancelInterview(deps(), partyOf(request) as Extract<InterviewParty, { side: 'employer' }>, row), 'cancelled'),
  );
}
