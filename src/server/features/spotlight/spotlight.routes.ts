import { named } from '../../lib/named-plugin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SPOTLIGHT_SOURCES } from '../../../shared/analytics/enums';
import { OPEN_SPOTLIGHT_PARAM, SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES, SPOTLIGHT_PATHS, SPOTLIGHT_SOURCE_PARAM } from '../../../shared/spotlight/constants';
import { SpotlightAnswerParamsSchema, SpotlightAnswerViewSchema, SpotlightPromptParamsSchema, TranscriptSchema, TranscriptUpdateSchema, WrittenAnswerSchema } from '../../../shared/spotlight/contracts';
import type { ProfilePageProps } from '../../../shared/spotlight/page-props';
import { sendNotFound } from '../../shared/refusals';
import { formText, MULTIPART_BODY, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { profileSummary } from '../seeker/profile-summary';
import { seekerLoginPath as loginPath } from '../sessions/route-guard';
import { parseByteRange } from '../storage/byte-range';
import { transcriptToWebVtt } from './captions';
import { storeUploadStream, type StreamedUpload } from '../storage/upload-stream';
import { checkStoredSpotlightMedia, spotlightTypeOfHead } from './media-check';
import { deleteAnswer, findAnswer, replaceAnswer, setTranscript } from './spotlight.repository';
import { answerView, canViewSpotlightOf, listSpotlightAnswers } from './spotlight.service';
import { fullSectionsView, profileSections } from '../seeker/profile-sections';

const PRIVATE = 'private, no-store';
/** An open-ended range ("bytes=N-", what players ask first) is answered with at most this much. */
export const MAX_OPEN_RANGE_BYTES = 4 * 1024 * 1024;

const ProfileQuerySchema = z.object({
  [OPEN_SPOTLIGHT_PARAM]: z.string().max(10).optional().catch(undefined),
  [SPOTLIGHT_SOURCE_PARAM]: z.enum(SPOTLIGHT_SOURCES).optional().catch(undefined),
  listingKey: z.string().trim().min(1).max(200).optional().catch(undefined),
});

/** The spotlight's calls answer JSON; a person without a session is asked to log in. */
async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.status(401).header('cache-control', PRIVATE).send({ status: 'SIGN_IN_REQUIRED', error_message: 'Please log in to continue.' });
}

const notFound = (reply: FastifyReply) => sendNotFound(reply, { message: SPOTLIGHT_MESSAGES.notFound, cacheControl: PRIVATE });
/** The written answer's and the transcript's shape; their own rules (WrittenAnswerSchema…) give the message the dialog shows. */
const TextBodySchema = z.object({ text: formText() }).default({});
const TranscriptBodySchema = z.object({ transcript: formText() }).default({});
/** A served answer's id: any is looked up, and one that is not viewable is not found (404). */
const MediaParamsSchema = z.object({ id: pathSegment });
/** The dialog's answers: the list, an answer saved, an answer deleted. */
const AnswersResponseSchema = { 200: z.object({ status: z.literal('OK'), answers: z.array(SpotlightAnswerViewSchema) }) };
const SavedResponseSchema = { 200: z.object({ status: z.literal('SAVED'), message: z.string(), answer: SpotlightAnswerViewSchema }) };
const DeletedResponseSchema = { 200: z.object({ status: z.literal('DELETED'), message: z.string() }) };

export default async function spotlightRoutes(app: RoutesApp) {
  // The profile page, with the spotlight. ?openCandidateSpotlight=true opens it at once.
  app.get(SPOTLIGHT_PATHS.profile, { schema: { querystring: ProfileQuerySchema } }, async (request, reply) => {
    if (!request.user) return reply.header('cache-control', PRIVATE).redirect(loginPath(request.url), 303);
    const { query } = request;
    const openSpotlight = query[OPEN_SPOTLIGHT_PARAM] === 'true';
    const [profile, answers, sections] = await Promise.all([profileSummary(app.db, request.user.id), listSpotlightAnswers(app.db, request.user.id), profileSections(app.db, request.user.id)]);
    const props: ProfilePageProps = {
      email: request.user.email,
      profile,
      answers,
      openSpotlight,
      // The registration offer links to the spec's bare path; the other entry points name themselves.
      source: query[SPOTLIGHT_SOURCE_PARAM] ?? (openSpotlight ? 'REGISTRATION_LOGIN' : 'PROFILE'),
      listingKey: query.listingKey ?? null,
      sections: fullSectionsView(sections),
    };
    return reply.header('cache-control', PRIVATE).renderPage('profile', props, { title: 'Your profile', noIndex: true });
  });

  // The person's own answers: list, write, record or upload, delete.
  await app.register(named(async (instance) => {
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preValidation', requireSignedIn);
    await scope.register(multipart, {
      limits: { fileSize: SPOTLIGHT_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 8 * 1024, parts: 3 },
    });

    scope.get(SPOTLIGHT_PATHS.answers, { schema: { response: AnswersResponseSchema } }, async (request, reply) => {
      const answers = await listSpotlightAnswers(app.db, request.user!.id);
      return reply.header('cache-control', PRIVATE).send({ status: 'OK', answers });
    });

    scope.post(`${SPOTLIGHT_PATHS.answers}/:prompt/text`, { config: { actionRateLimit: true, requireXhr: true }, schema: { params: SpotlightPromptParamsSchema, body: TextBodySchema, response: SavedResponseSchema } }, async (request, reply) => {
      const { prompt } = request.params;
      const parsed = WrittenAnswerSchema.safeParse(request.body);
      if (!parsed.success) {
        const refused: FastifyReply = reply;
        return refused.status(400).send({ status: 'PROTO_VALIDATION_ERROR', error_message: parsed.error.issues[0]?.message ?? SPOTLIGHT_MESSAGES.emptyText });
      }
      const { row, replacedKey } = await replaceAnswer(app.db, {
        account_id: request.user!.id,
        prompt,
        kind: 'text',
        text: parsed.data.text,
        transcript: null,
        storage_key: null,
        content_type: null,
        size_bytes: null,
        duration_ms: null,
        created_at: app.now(),
      });
      if (replacedKey) await app.fileStorage.delete(replacedKey);
      return reply.header('cache-control', PRIVATE).send({ status: 'SAVED', message: SPOTLIGHT_MESSAGES.saved, answer: answerView(row) });
    });

    // A recording or an uploaded file (multipart: "transcript", then "media"), checked before it is kept.
    scope.post(`${SPOTLIGHT_PATHS.answers}/:prompt/media`, { config: { actionRateLimit: true, requireXhr: true }, schema: { params: SpotlightPromptParamsSchema, consumes: MULTIPART_BODY, response: SavedResponseSchema } }, async (request, reply) => {
      const { prompt } = request.params;
      const refusedReply: FastifyReply = reply;
      const refuse = (status: number, message: string) => refusedReply.status(status).header('cache-control', PRIVATE).send({ status: 'MEDIA_REJECTED', error_message: message });
      if (!request.isMultipart()) return refuse(415, SPOTLIGHT_MESSAGES.missingFile);
      // The file is streamed to storage as it arrives (decision 0285), then checked there; it is kept
      // only once the answer names it.
      let stored: Extract<StreamedUpload, { kind: 'stored' }> | null = null;
      let kept = false;
      const refused = (status: number, message: string) => ({ ok: false as const, status, message });
      // A refused file is removed before the answer is sent, so whoever reads the answer finds it gone.
      const outcome = await (async () => {
        try {
          let transcriptField = '';
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'media' || stored) {
                  await part.toBuffer();
                  return refused(400, SPOTLIGHT_MESSAGES.missingFile);
                }
                const upload = await storeUploadStream(app.fileStorage, 'spotlight', part.file, { maxBytes: SPOTLIGHT_LIMITS.maxBytes, judgeHead: spotlightTypeOfHead });
                if (upload.kind === 'too-large') return refused(413, SPOTLIGHT_MESSAGES.tooLarge);
                if (upload.kind === 'wrong-type') return refused(415, SPOTLIGHT_MESSAGES.wrongType);
                if (upload.kind === 'stored') stored = upload;
              } else if (part.fieldname === 'transcript' && typeof part.value === 'string') {
                transcriptField = part.value;
              }
            }
          } catch (error) {
            if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return refused(413, SPOTLIGHT_MESSAGES.tooLarge);
            if (error instanceof scope.multipartErrors.FilesLimitError || error instanceof scope.multipartErrors.PartsLimitError || error instanceof scope.multipartErrors.FieldsLimitError) {
              return refused(400, SPOTLIGHT_MESSAGES.missingFile);
            }
            // Anything else reading the parts is the upload itself cut off or malformed: ask for it again.
            return refused(400, SPOTLIGHT_MESSAGES.missingFile);
          }
          if (!stored) return refused(400, SPOTLIGHT_MESSAGES.missingFile);
          const transcript = TranscriptSchema.safeParse(transcriptField);
          if (!transcript.success) return refused(400, transcript.error.issues[0]?.message ?? SPOTLIGHT_MESSAGES.transcriptTooLong);
          const checked = await checkStoredSpotlightMedia(app.fileStorage, stored.key, stored.size, stored.type);
          if (!checked.ok) return refused(checked.httpStatus, checked.message);

          const saved = await replaceAnswer(app.db, {
            account_id: request.user!.id,
            prompt,
            kind: checked.kind,
            text: null,
            transcript: transcript.data || null,
            storage_key: stored.key,
            content_type: checked.contentType,
            size_bytes: checked.size ?? stored.size,
            duration_ms: checked.durationMs,
            created_at: app.now(),
          });
          kept = true;
          if (saved.replacedKey) await app.fileStorage.delete(saved.replacedKey);
          return { ok: true as const, row: saved.row };
        } finally {
          if (stored && !kept) await app.fileStorage.delete(stored.key);
        }
      })();
      if (!outcome.ok) return refuse(outcome.status, outcome.message);
      return reply.header('cache-control', PRIVATE).send({ status: 'SAVED', message: SPOTLIGHT_MESSAGES.saved, answer: answerView(outcome.row) });
    });

    // A transcript added or changed after the recording was saved (it is also the captions track).
    scope.post(`${SPOTLIGHT_PATHS.answers}/:id/transcript`, { config: { actionRateLimit: true, requireXhr: true }, schema: { params: SpotlightAnswerParamsSchema, body: TranscriptBodySchema, response: SavedResponseSchema } }, async (request, reply) => {
      const { id } = request.params;
      const parsed = TranscriptUpdateSchema.safeParse(request.body);
      if (!parsed.success) {
        const refused: FastifyReply = reply;
        return refused.status(400).send({ status: 'PROTO_VALIDATION_ERROR', error_message: parsed.error.issues[0]?.message ?? SPOTLIGHT_MESSAGES.transcriptTooLong });
      }
      const row = await setTranscript(app.db, request.user!.id, id, parsed.data.transcript || null);
      if (!row) return notFound(reply);
      return reply.header('cache-control', PRIVATE).send({ status: 'SAVED', message: SPOTLIGHT_MESSAGES.transcriptSaved, answer: answerView(row) });
    });

    // Deleting an answer removes its file from storage too.
    scope.delete(`${SPOTLIGHT_PATHS.answers}/:id`, { config: { actionRateLimit: true, requireXhr: true }, schema: { params: SpotlightAnswerParamsSchema, response: DeletedResponseSchema } }, async (request, reply) => {
      const { id } = request.params;
      const deleted = await deleteAnswer(app.db, request.user!.id, id);
      if (!deleted) return notFound(reply);
      if (deleted.storageKey) await app.fileStorage.delete(deleted.storageKey);
      return reply.header('cache-control', PRIVATE).send({ status: 'DELETED', message: SPOTLIGHT_MESSAGES.deleted });
    });
  }, 'spotlight answers'));

  // Serving: only to those the access rule allows; anyone else is told the answer does not exist.
  const viewable = async (request: FastifyRequest) => {
    const params = SpotlightAnswerParamsSchema.safeParse(request.params);
    if (!params.success) return null;
    const answer = await findAnswer(app.db, params.data.id);
    if (!answer || answer.kind === 'text' || !answer.storage_key) return null;
    return (await canViewSpotlightOf(app.db, request.user, answer.account_id)) ? answer : null;
  };

  app.get(`${SPOTLIGHT_PATHS.media}/:id/media`, { schema: { params: MediaParamsSchema } }, async (request, reply) => {
    const answer = await viewable(request);
    if (!answer) return notFound(reply);
    const size = Number(answer.size_bytes);
    reply
      .header('cache-control', PRIVATE)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-origin');
    const range = parseByteRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, size);
    if (range.kind === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${size}`).send({ status: 'RANGE_NOT_SATISFIABLE', error_message: 'The requested range is not part of this file.' });
    }
    const start = range.kind === 'partial' ? range.start : 0;
    const askedEnd = range.kind === 'partial' ? range.end : size - 1;
    const openEnded = range.kind === 'partial' && /-\s*$/.test(String(request.headers.range));
    const end = openEnded ? Math.min(askedEnd, start + MAX_OPEN_RANGE_BYTES - 1) : askedEnd;
    const bytes = await app.fileStorage.getRange(answer.storage_key!, start, end);
    if (!bytes) return notFound(reply);
    reply.header('content-type', answer.content_type ?? 'application/octet-stream').header('content-length', String(bytes.length));
    if (range.kind === 'partial') reply.status(206).header('content-range', `bytes ${start}-${start + bytes.length - 1}/${size}`);
    return reply.send(bytes);
  });

  app.get(`${SPOTLIGHT_PATHS.media}/:id/captions.vtt`, { schema: { params: MediaParamsSchema } }, async (request, reply) => {
    const answer = await viewable(request);
    if (!answer?.transcript) return notFound(reply);
    return reply
      .header('cache-control', PRIVATE)
      .header('x-content-type-options', 'nosniff')
      .type('text/vtt; charset=utf-8')
      .send(transcriptToWebVtt(answer.transcript, Number(answer.duration_ms ?? 0)));
  });
}
