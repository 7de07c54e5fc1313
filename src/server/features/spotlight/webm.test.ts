import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { readWebm, withDuration } from './webm';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures/media', name));

describe('WebM without a duration (Chrome MediaRecorder)', () => {
  it("finds no Duration in Chrome's recording, and the last block's time", () => {
    const layout = readWebm(fixture('chrome-recording.webm'))!;
    expect(layout.declaredMs).toBeNull();
    expect(layout.segment.size).toBeNull();
    expect(layout.openClusters.length).toBeGreaterThan(0);
    expect(layout.lastBlockMs).toBeGreaterThan(1000);
    expect(layout.lastBlockMs).toBeLessThan(2000);
  });

  it('writes the Duration in, after which readers see it', async () => {
    const bytes = fixture('chrome-recording.webm');
    const layout = readWebm(bytes)!;
    const fixed = withDuration(bytes, layout, 1440)!;
    expect(readWebm(fixed)!.declaredMs).toBeCloseTo(1440, 3);
    const { format } = await parseBuffer(fixed, { mimeType: 'video/webm', size: fixed.length }, { duration: true });
    expect(format.duration).toBeCloseTo(1.44, 2);
  });

  it('leaves a file that already has a duration alone', () => {
    const bytes = fixture('answer.webm');
    const layout = readWebm(bytes)!;
    expect(layout.declaredMs).toBeGreaterThan(1900);
    expect(withDuration(bytes, layout, 1000)).toBeNull();
  });

  it('answers null for what is not a WebM', () => {
    expect(readWebm(Buffer.from('not a webm at all'))).toBeNull();
    expect(readWebm(fixture('answer.mp4'))).toBeNull();
  });
});
