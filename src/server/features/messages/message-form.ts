// The message form as it arrives: url-encoded or JSON (text only), or multipart with one file. The file's
// type is read from its bytes, never from its name or the type the browser states (decision 0229).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, MESSAGE_TEXTS } from '../../../shared/messages/constants';
import { detectLogoKind } from '../companies/logo-file';
import { detectResumeKind } from '../seeker/resume-file';

export interface CheckedAttachment {
  bytes: Buffer;
  /** The name as sent, without any folder, at most 200 characters. */
  name: string;
  extension: string;
  contentType: string;
}

export type MessageForm =
  | { ok: true; fields: Record<string, unknown>; attachment: CheckedAttachment | null }
  | { ok: false; status: number; message: string; fields: Record<string, unknown> };

/** The multipart limits of the message routes' scope: one file, a few short fields. */
export const MESSAGE_MULTIPART_LIMITS = { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 24_000, parts: 5 };

const FILE_FIELD = 'attachment';

/** PDF or Word by the résumé check, PNG or JPEG by the logo check; nothing else. */
async function attachmentKind(bytes: Buffer): Promise<{ extension: string; contentType: string } | null> {
  const document = await detectResumeKind(bytes);
  if (document) return document;
  const image = await detectLogoKind(bytes);
  return image && image.extension !== 'webp' ? image : null;
}

function cleanName(name: string, extension: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 200);
  return base || `attachment.${extension}`;
}

export async function readMessageForm(request: FastifyRequest, scope: FastifyInstance): Promise<MessageForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { ok: true, fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, attachment: null };
  }
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === FILE_FIELD && bytes.length > 0 && !file) file = { bytes, name: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return { ok: false, status: 413, message: MESSAGE_TEXTS.attachmentTooLarge, fields };
    // Anything else reading the parts is the upload cut off or malformed: ask for it again.
    return { ok: false, status: 400, message: MESSAGE_TEXTS.attachmentBroken, fields };
  }
  if (!file) return { ok: true, fields, attachment: null };
  const kind = await attachmentKind(file.bytes);
  if (!kind) return { ok: false, status: 415, message: MESSAGE_TEXTS.attachmentWrongType, fields };
  return { ok: true, fields, attachment: { bytes: file.bytes, name: cleanName(file.name, kind.extension), ...kind } };
}
