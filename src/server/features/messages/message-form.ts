// The message form as it arrives: url-encoded or JSON (text only), or multipart with one file. The file's
// type is read from its bytes, never from its name or the type the browser states (decision 0229).
// The file is streamed to storage as it arrives (decision 0285): the caller keeps it by naming its key
// in a message, or deletes it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, MESSAGE_TEXTS } from '../../../shared/messages/constants';
import { detectLogoKind } from '../companies/logo-file';
import { resumeKindOfHead, storedIsDocx } from '../seeker/resume-file';
import type { FileStorage } from '../storage/file-storage';
import { storeUploadStream, type UploadKind } from '../storage/upload-stream';

export interface CheckedAttachment {
  /** Where the file is stored already. */
  key: string;
  size: number;
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

/** PDF or Word by the résumé check, PNG or JPEG by the logo check; nothing else. A zip is a Word candidate until its directory is read. */
async function attachmentKindOfHead(head: Buffer): Promise<UploadKind | null> {
  const document = resumeKindOfHead(head);
  if (document) return document;
  const image = await detectLogoKind(head);
  return image && image.extension !== 'webp' ? image : null;
}

function cleanName(name: string, extension: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 200);
  return base || `attachment.${extension}`;
}

export async function readMessageForm(request: FastifyRequest, scope: FastifyInstance, storage: FileStorage): Promise<MessageForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { ok: true, fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, attachment: null };
  }
  const fields: Record<string, unknown> = {};
  let file: CheckedAttachment | null = null;
  const refuse = async (status: number, message: string): Promise<MessageForm> => {
    if (file) await storage.delete(file.key);
    return { ok: false, status, message, fields };
  };
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD || file) {
        await part.toBuffer();
        continue;
      }
      const stored = await storeUploadStream(storage, 'attachments', part.file, { maxBytes: ATTACHMENT_MAX_BYTES, judgeHead: attachmentKindOfHead });
      if (stored.kind === 'too-large') return await refuse(413, MESSAGE_TEXTS.attachmentTooLarge);
      if (stored.kind === 'wrong-type') return await refuse(415, MESSAGE_TEXTS.attachmentWrongType);
      if (stored.kind === 'stored') {
        file = { key: stored.key, size: stored.size, name: cleanName(part.filename, stored.type.extension), ...stored.type };
        if (stored.type.extension === 'docx' && !(await storedIsDocx(storage, stored.key, stored.size))) return await refuse(415, MESSAGE_TEXTS.attachmentWrongType);
      }
    }
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError) return refuse(413, MESSAGE_TEXTS.attachmentTooLarge);
    // Anything else reading the parts is the upload cut off or malformed: ask for it again.
    return refuse(400, MESSAGE_TEXTS.attachmentBroken);
  }
  return { ok: true, fields, attachment: file };
}
