import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEEKER_MESSAGES } from '../../../shared/seeker/constants';
import { consumeRateLimit } from '../rate-limits/rate-limiter';
import { detectResumeKind } from './resume-file';
import { saveResume } from './seeker.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ResumeUpload = { ok: true } | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/**
 * The résumé rule (decision 0071), for every form that uploads one (the Résumé tab and the apply steps):
 * one multipart file named `resume`, 5 MB, PDF or DOCX by its bytes, a number of uploads a day; the
 * file replaced is deleted unless an application still names it. Call it inside a scope with
 * @fastify/multipart registered, handing in that scope's `multipartErrors`.
 */
export async function receiveResume(
  app: FastifyInstance,
  request: FastifyRequest,
  multipartErrors: FastifyInstance['multipartErrors'],
  accountId: string,
): Promise<ResumeUpload> {
  const fail = (status: number, message: string): ResumeUpload => ({ ok: false, status, message });
  if (!request.isMultipart()) return fail(415, SEEKER_MESSAGES.resumeMissing);
  let upload;
  try {
    upload = await request.file();
  } catch {
    return fail(400, SEEKER_MESSAGES.resumeMissing);
  }
  if (!upload || upload.fieldname !== 'resume') return fail(400, SEEKER_MESSAGES.resumeMissing);
  let bytes: Buffer;
  try {
    bytes = await upload.toBuffer();
  } catch (error) {
    if (error instanceof multipartErrors.RequestFileTooLargeError) return fail(413, SEEKER_MESSAGES.resumeTooLarge);
    // Anything else reading the file is the upload itself cut off or malformed: ask for it again.
    return fail(400, SEEKER_MESSAGES.resumeMissing);
  }
  if (bytes.length === 0) return fail(400, SEEKER_MESSAGES.resumeMissing);
  const kind = await detectResumeKind(bytes);
  if (!kind) return fail(415, SEEKER_MESSAGES.resumeWrongType);
  // Uploads a day, counted in the shared rate-limit store: each one may leave a file behind (decision 0088).
  const uploads = { name: 'resume-uploads', max: app.config.SEEKER_MAX_RESUME_UPLOADS_PER_DAY, windowMs: DAY_MS };
  const allowed = await consumeRateLimit(app.rateLimits.store, uploads, accountId, app.now());
  if (!allowed.allowed) return { ok: false, status: 429, message: SEEKER_MESSAGES.tooManyResumeUploads(uploads.max), retryAfterSeconds: allowed.retryAfterSeconds };
  const key = await app.fileStorage.put('resumes', bytes, kind.extension, kind.contentType);
  const replaced = await saveResume(app.db, {
    account_id: accountId,
    storage_key: key,
    file_name: cleanFileName(upload.filename, kind.extension),
    content_type: kind.contentType,
    size_bytes: bytes.length,
    uploaded_at: app.now(),
  });
  if (replaced) {
    // Applications keep the key they were sent with, so a file still named by one stays.
    const used = await app.db.selectFrom('job_applications').select('id').where('resume_storage_key', '=', replaced).executeTakeFirst();
    if (!used) await app.fileStorage.delete(replaced);
  }
  return { ok: true };
}

/** A display name only: path parts and odd characters dropped, the detected extension put back. */
function cleanFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, 80);
  return `${base || 'resume'}.${extension}`;
}
