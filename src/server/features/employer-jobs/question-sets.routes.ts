import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PostingError } from '../../../shared/employer-jobs/fields';
import { EMPLOYER_JOBS_PATHS, deleteQuestionSetPath, questionSetPath, type QuestionSetsPageProps } from '../../../shared/employer-jobs/page-props';
import { sendRefusal } from '../../shared/refusals';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { employerOf, sendNotFound, wantsJson } from '../sessions/route-guard';
import {
  QUESTION_SET_MESSAGES,
  createQuestionSet,
  deleteQuestionSet,
  findQuestionSet,
  listQuestionSets,
  readQuestionSet,
  updateQuestionSet,
  type QuestionSetInput,
} from './question-sets';

const PRIVATE = 'private, no-store';
const SetPathSchema = z.object({ id: pathSegment });
const SET_ID = /^[a-z0-9]{6,32}$/;
const NOTICES = { created: 'Saved. The set is offered in the Screening step of every job you post.', updated: 'Changes saved.', deleted: 'Set deleted.' } as const;
type NoticeKey = keyof typeof NOTICES;
const NoticeQuerySchema = z
  .object({ notice: z.enum(Object.keys(NOTICES) as [NoticeKey, ...NoticeKey[]]).optional().catch(undefined) })
  .catch({ notice: undefined });
/** The set's form: a name and the posting form's question slots (q1_text ... q5_expected). */
const SetBodySchema = z.record(z.string(), z.union([z.string().max(2000), z.array(z.string().max(2000)).max(10)]));

/** Spec 2.1 /quiz/create: a company's reusable screening-question sets (decision 0293). */
export default async function questionSetsRoutes(app: RoutesApp) {
  const employer = { config: { requireRole: 'employer' as const } };

  async function render(request: FastifyRequest, reply: FastifyReply, editing: QuestionSetsPageProps['editing'], extra: { errors?: PostingError[]; notice?: string | null; status?: number } = {}) {
    const sets = await listQuestionSets(app.db, employerOf(request).companyId);
    const props: QuestionSetsPageProps = {
      sets: sets.map((set) => ({ ...set, editHref: questionSetPath(set.id), deleteHref: deleteQuestionSetPath(set.id) })),
      editing,
      errors: extra.errors ?? [],
      notice: extra.notice ?? null,
      action: editing.id ? questionSetPath(editing.id) : EMPLOYER_JOBS_PATHS.questionSets,
      postJobHref: EMPLOYER_JOBS_PATHS.postJob,
    };
    return reply
      .header('cache-control', PRIVATE)
      .renderPage('question-sets', props, { title: 'Screening question sets', pageType: 'screening questions', noIndex: true, noStore: true, status: extra.status ?? 200 });
  }

  /** The company's own set; another company's set, or an id we could not have made, is not found. */
  async function ownSet(request: FastifyRequest, reply: FastifyReply) {
    const { id } = SetPathSchema.parse(request.params);
    const set = SET_ID.test(id) ? await findQuestionSet(app.db, employerOf(request).companyId, id) : null;
    if (!set) await sendNotFound(request, reply);
    return set;
  }

  function refused(request: FastifyRequest, reply: FastifyReply, id: string | null, input: QuestionSetInput, errors: PostingError[], status: number) {
    if (wantsJson(request)) return sendRefusal(reply, status, status === 409 ? 'TOO_MANY_SETS' : 'PROTO_VALIDATION_ERROR', errors[0]?.message ?? 'Check the set.', { cacheControl: PRIVATE });
    return render(request, reply, { id, name: input.name, questions: input.questions }, { errors, status });
  }

  const done = (request: FastifyRequest, reply: FastifyReply, notice: NoticeKey, id: string | null) => {
    if (wantsJson(request)) return reply.header('cache-control', PRIVATE).send({ status: 'DONE', id, message: NOTICES[notice] });
    return reply.header('cache-control', PRIVATE).redirect(`${EMPLOYER_JOBS_PATHS.questionSets}?notice=${notice}`, 303);
  };

  app.get(EMPLOYER_JOBS_PATHS.questionSets, { ...employer, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const { notice } = request.query;
    return render(request, reply, { id: null, name: '', questions: [] }, { notice: notice ? NOTICES[notice] : null });
  });

  app.post(EMPLOYER_JOBS_PATHS.questionSets, { ...employer, schema: { body: SetBodySchema } }, async (request, reply) => {
    const { input, errors } = readQuestionSet(request.body);
    if (errors.length > 0) return refused(request, reply, null, input, errors, 400);
    const id = await createQuestionSet(app.db, employerOf(request).companyId, input, app.now());
    if (!id) return refused(request, reply, null, input, [{ field: 'name', message: QUESTION_SET_MESSAGES.tooMany }], 409);
    return done(request, reply, 'created', id);
  });

  app.get(`${EMPLOYER_JOBS_PATHS.questionSets}/:id`, { ...employer, schema: { params: SetPathSchema } }, async (request, reply) => {
    const set = await ownSet(request, reply);
    if (!set) return reply;
    return render(request, reply, { id: set.id, name: set.name, questions: set.questions });
  });

  app.post(`${EMPLOYER_JOBS_PATHS.questionSets}/:id`, { ...employer, schema: { params: SetPathSchema, body: SetBodySchema } }, async (request, reply) => {
    const set = await ownSet(request, reply);
    if (!set) return reply;
    const { input, errors } = readQuestionSet(request.body);
    if (errors.length > 0) return refused(request, reply, set.id, input, errors, 400);
    await updateQuestionSet(app.db, employerOf(request).companyId, set.id, input, app.now());
    return done(request, reply, 'updated', set.id);
  });

  app.post(`${EMPLOYER_JOBS_PATHS.questionSets}/:id/delete`, { ...employer, schema: { params: SetPathSchema, body: noBody } }, async (request, reply) => {
    const set = await ownSet(request, reply);
    if (!set) return reply;
    await deleteQuestionSet(app.db, employerOf(request).companyId, set.id);
    return done(request, reply, 'deleted', null);
  });
}
