// Recording in the browser: the camera and microphone, MediaRecorder with a container the browser
// supports (WebM VP9/VP8 + Opus, else MP4 H.264 + AAC), and Chrome's missing WebM duration fixed
// before upload (fix-webm-duration; the server fixes any that still arrive without one).
import type { DeviceProblem, RecordMode } from './spotlight-flow';

const TYPES: Record<RecordMode, string[]> = {
  video: ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/mp4'],
  audio: ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/webm'],
};

export function pickMimeType(mode: RecordMode, isSupported: (type: string) => boolean): string | null {
  return TYPES[mode].find((type) => isSupported(type)) ?? null;
}

export function canRecord(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';
}

export class DeviceError extends Error {
  constructor(readonly problem: DeviceProblem) {
    super(problem);
    this.name = 'DeviceError';
  }
}

/** The problem a getUserMedia failure means to the person. */
export function deviceProblemOf(error: unknown): DeviceProblem {
  const name = error instanceof Error || (typeof error === 'object' && error && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'missing';
}

export async function openDevices(mode: RecordMode): Promise<MediaStream> {
  if (!canRecord()) throw new DeviceError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia(
      mode === 'video' ? { video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' }, audio: true } : { audio: true },
    );
  } catch (error) {
    throw new DeviceError(deviceProblemOf(error));
  }
}

export interface Recording {
  blob: Blob;
  durationMs: number;
  extension: string;
}

export interface RecordingSession {
  stop(): Promise<Recording>;
}

export function startRecording(stream: MediaStream, mode: RecordMode, maxMs: number): RecordingSession {
  const mimeType = pickMimeType(mode, (type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType, videoBitsPerSecond: 1_000_000, audioBitsPerSecond: 64_000 } : undefined);
  const chunks: Blob[] = [];
  const startedAt = performance.now();
  let stoppedAt = 0;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const done = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start(1000);
  let result: Promise<Recording> | null = null;
  return {
    stop() {
      result ??= (async () => {
        if (recorder.state !== 'inactive') {
          stoppedAt = performance.now();
          recorder.stop();
        }
        await done;
        const type = recorder.mimeType || mimeType || (mode === 'video' ? 'video/webm' : 'audio/webm');
        const durationMs = Math.min(maxMs, Math.round((stoppedAt || performance.now()) - startedAt));
        let blob = new Blob(chunks, { type });
        if (type.includes('webm')) {
          const { default: fixWebmDuration } = await import('fix-webm-duration');
          blob = await fixWebmDuration(blob, durationMs, { logger: false });
        }
        return { blob, durationMs, extension: type.includes('mp4') ? 'mp4' : type.includes('ogg') ? 'ogg' : 'webm' };
      })();
      return result;
    },
  };
}

export function releaseStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}
