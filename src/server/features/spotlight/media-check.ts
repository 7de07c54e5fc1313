import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer, parseStream, type IFormat } from 'music-metadata';
import { SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES } from '../../../shared/spotlight/constants';
import type { FileStorage } from '../storage/file-storage';
import type { UploadKind } from '../storage/upload-stream';
import { readWebm, withDuration } from './webm';

type Container = 'webm' | 'mp4' | 'm4a' | 'ogg' | 'mp3';

/** file-type's extensions for the containers issue 13 accepts (WebM, MP4, Ogg, MP3, M4A). */
const CONTAINERS: Record<string, Container> = {
  webm: 'webm',
  mp4: 'mp4',
  m4v: 'mp4',
  m4a: 'm4a',
  ogg: 'ogg',
  oga: 'ogg',
  ogv: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  mp3: 'mp3',
};

const CONTENT_TYPES: Record<Container, { video: string; audio: string }> = {
  webm: { video: 'video/webm', audio: 'audio/webm' },
  mp4: { video: 'video/mp4', audio: 'audio/mp4' },
  m4a: { video: 'video/mp4', audio: 'audio/mp4' },
  ogg: { video: 'video/ogg', audio: 'audio/ogg' },
  mp3: { video: 'audio/mpeg', audio: 'audio/mpeg' },
};

/** A recording stopped at 90 s can come out a frame or two longer once muxed: half a second of grace. */
export const DURATION_GRACE_SECONDS = 0.5;

export type MediaCheck =
  | { ok: true; kind: 'video' | 'audio'; container: Container; contentType: string; durationMs: number; bytes: Buffer; fixedDuration: boolean }
  | { ok: false; httpStatus: 413 | 415 | 422; message: string };

const refuse = (httpStatus: 413 | 415 | 422, message: string): MediaCheck => ({ ok: false, httpStatus, message });

/**
 * Checks an upload before it is kept: size, the container from the bytes, the duration from the file
 * (music-metadata), at most 90 seconds. A WebM without a duration gets one written in (webm.ts).
 */
export async function checkSpotlightMedia(input: Buffer): Promise<MediaCheck> {
  if (input.length > SPOTLIGHT_LIMITS.maxBytes) return refuse(413, SPOTLIGHT_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  const container = type ? CONTAINERS[type.ext] : undefined;
  if (!type || !container) return refuse(415, SPOTLIGHT_MESSAGES.wrongType);

  let bytes = input;
  let fixedDuration = false;
  if (container === 'webm') {
    const layout = readWebm(bytes);
    if (!layout) return refuse(415, SPOTLIGHT_MESSAGES.wrongType);
    if (layout.declaredMs === null) {
      if (layout.lastBlockMs === null) return refuse(422, SPOTLIGHT_MESSAGES.noDuration);
      const fixed = withDuration(bytes, layout, layout.lastBlockMs);
      if (!fixed) return refuse(422, SPOTLIGHT_MESSAGES.noDuration);
      bytes = fixed;
      fixedDuration = true;
    }
  }

  let format;
  try {
    ({ format } = await parseBuffer(bytes, { mimeType: type.mime, size: bytes.length }, { duration: true, skipCovers: true }));
  } catch {
    return refuse(415, SPOTLIGHT_MESSAGES.wrongType);
  }
  const judged = judgeFormat(format, container);
  return judged.ok ? { ...judged, bytes, fixedDuration } : judged;
}

type FormatCheck = { ok: true; kind: 'video' | 'audio'; container: Container; contentType: string; durationMs: number } | { ok: false; httpStatus: 413 | 415 | 422; message: string };

/** The rules on what music-metadata read: sound or picture, a duration, at most 90 seconds (and a little grace). */
function judgeFormat(format: IFormat, container: Container): FormatCheck {
  if (!format.hasAudio && !format.hasVideo) return { ok: false, httpStatus: 415, message: SPOTLIGHT_MESSAGES.wrongType };
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return { ok: false, httpStatus: 422, message: SPOTLIGHT_MESSAGES.noDuration };
  if (seconds > SPOTLIGHT_LIMITS.maxSeconds + DURATION_GRACE_SECONDS) return { ok: false, httpStatus: 422, message: SPOTLIGHT_MESSAGES.tooLong };
  const kind = format.hasVideo && container !== 'mp3' ? 'video' : 'audio';
  return { ok: true, kind, container, contentType: CONTENT_TYPES[container][kind], durationMs: Math.round(seconds * 1000) };
}

/** The container an upload's first bytes show, for streaming it to storage (decision 0285); null for any other type. */
export async function spotlightTypeOfHead(head: Buffer): Promise<UploadKind | null> {
  const type = await fileTypeFromBuffer(head);
  const container = type ? CONTAINERS[type.ext] : undefined;
  return type && container ? { extension: container, contentType: type.mime } : null;
}

export type StoredMediaCheck = FormatCheck & { fixedDuration?: boolean; size?: number };

/**
 * The checks of checkSpotlightMedia on a file already streamed to storage (decision 0285): music-metadata
 * reads it as a stream from storage. A WebM it cannot read (Chrome's recordings without a duration, whose
 * sizes are unknown) is read back whole, within the 30 MB limit, and given a duration as before (webm.ts):
 * the one case that still holds a file in memory, and only one that arrives unfixed by the client.
 */
export async function checkStoredSpotlightMedia(storage: FileStorage, key: string, size: number, type: UploadKind): Promise<StoredMediaCheck> {
  const container = CONTAINERS[type.extension];
  if (!container) return refuseFormat(415, SPOTLIGHT_MESSAGES.wrongType);
  if (size > SPOTLIGHT_LIMITS.maxBytes) return refuseFormat(413, SPOTLIGHT_MESSAGES.tooLarge);
  let format: IFormat | null = null;
  try {
    const stream = await storage.openRead(key);
    if (!stream) return refuseFormat(415, SPOTLIGHT_MESSAGES.wrongType);
    try {
      ({ format } = await parseStream(stream, { mimeType: type.contentType, size }, { duration: true, skipCovers: true }));
    } finally {
      stream.destroy();
    }
  } catch {
    format = null;
  }
  if (container === 'webm' && (format?.duration === undefined || !Number.isFinite(format.duration) || format.duration <= 0)) {
    const bytes = await storage.get(key);
    if (!bytes) return refuseFormat(415, SPOTLIGHT_MESSAGES.wrongType);
    const checked = await checkSpotlightMedia(bytes);
    if (!checked.ok) return checked;
    if (checked.fixedDuration) await storage.putAt(key, checked.bytes, checked.contentType);
    const { bytes: fixed, ...rest } = checked;
    return { ...rest, size: fixed.length };
  }
  if (!format) return refuseFormat(415, SPOTLIGHT_MESSAGES.wrongType);
  return { ...judgeFormat(format, container), size };
}

const refuseFormat = (httpStatus: 413 | 415 | 422, message: string): StoredMediaCheck => ({ ok: false, httpStatus, message });
