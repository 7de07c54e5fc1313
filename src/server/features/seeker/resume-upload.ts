import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESUME_MAX_BYTES, SEEKER_MESSAGES } from '../../../shared/seeker/constants';
import { consumeRateLimit } from '../rate-limits/rate-limiter';
import { storeUploadStream } from '../storage/upload-stream';
import { resumeKindOfHead, storedIsDocx } from './resume-file';
import { saveResume } from './seeker.repository';
import { DAY_MS } from '../../../shared/time';


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
  // Streamed to storage as it arrives (decision 0285); a DOCX's directory is then read from storage.
  let stored;
  try {
    stored = await storeUploadStream(app.fileStorage, 'resumes', upload.file, { maxBytes: RESUME_MAX_BYTES, judgeHead: resumeKindOfHead });
  } catch (error) {
    if (error instanceof multipartErrors.RequestFileTooLargeError) return fail(413, SEEKER_MESSAGES.resumeTooLarge);
    // Anything else reading the file is the upload itself cut off or malformed: ask for it again.
    return fail(400, SEEKER_MESSAGES.resumeMissing);
  }
  if (stored.kind === 'empty') return fail(400, SEEKER_MESSAGES.resumeMissing);
  if (stored.kind === 'too-large') return fail(413, SEEKER_MESSAGES.resumeTooLarge);
  if (stored.kind === 'wrong-type') return fail(415, SEEKER_MESSAGES.resumeWrongType);
  const { key, size, type: kind } = stored;
  if (kind.extension === 'docx' && !(await storedIsDocx(app.fileStorage, key, size))) {
    await app.fileStorage.delete(key);
    return fail(415, SEEKER_MESSAGES.resumeWrongType);
  }
  // Uploads a day, counted in the shared rate-limit store (decision 0088); a refused upload's file is removed.
  const uploads = { name: 'resume-uploads', max: app.config.SEEKER_MAX_RESUME_UPLOADS_PER_DAY, windowMs: DAY_MS };
  const allowed = await consumeRateLimit(app.rateLimits.store, uploads, accountId, app.now());
  if (!allowed.allowed) {
    await app.fileStorage.delete(key);
    return { ok: false, status: 429, message: SEEKER_MESSAGES.tooManyResumeUploads(uploads.max), retryAfterSeconds: allowed.retryAfterSeconds };
  }
  const replaced = await saveResume(app.db, {
    account_id: accountId,
    storage_key: key,
    file_name: cleanFileName(upload.filename, kind.extension),
    content_type: kind.contentType,
    size_bytes: size,
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
