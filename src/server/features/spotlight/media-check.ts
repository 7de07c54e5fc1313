import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES } from '../../../shared/spotlight/constants';
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
  if (!format.hasAudio && !format.hasVideo) return refuse(415, SPOTLIGHT_MESSAGES.wrongType);
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return refuse(422, SPOTLIGHT_MESSAGES.noDuration);
  if (seconds > SPOTLIGHT_LIMITS.maxSeconds + DURATION_GRACE_SECONDS) return refuse(422, SPOTLIGHT_MESSAGES.tooLong);
  const kind = format.hasVideo && container !== 'mp3' ? 'video' : 'audio';
  return { ok: true, kind, container, contentType: CONTENT_TYPES[container][kind], durationMs: Math.round(seconds * 1000), bytes, fixedDuration };
}
