import { describe, expect, it } from 'vitest';
import { deviceProblemOf, pickMimeType } from './recorder';

describe('recorder', () => {
  it('picks WebM VP9/VP8 + Opus where supported, else MP4 H.264 + AAC (Safari)', () => {
    expect(pickMimeType('video', () => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType('video', (type) => type.startsWith('video/webm;codecs=vp8'))).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType('video', (type) => type.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    expect(pickMimeType('audio', (type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(pickMimeType('audio', () => false)).toBeNull();
  });

  it('tells refused from missing devices', () => {
    expect(deviceProblemOf(new DOMException('denied', 'NotAllowedError'))).toBe('refused');
    expect(deviceProblemOf(new DOMException('none', 'NotFoundError'))).toBe('missing');
    expect(deviceProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('missing');
    expect(deviceProblemOf(new TypeError('no constraints'))).toBe('unsupported');
  });
});
