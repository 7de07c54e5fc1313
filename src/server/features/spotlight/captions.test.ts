import { describe, expect, it } from 'vitest';
import { transcriptToWebVtt } from './captions';

describe('transcriptToWebVtt', () => {
  it('cuts the transcript into cues that cover the recording, in order, with nothing lost', () => {
    const transcript = 'I have driven forklifts for five years in two warehouses. I trained six new hires on safety. Before that I worked retail, where I learned to talk to anyone.';
    const vtt = transcriptToWebVtt(transcript, 30_000);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(cues.length).toBeGreaterThan(1);
    const times = cues.map((cue) => cue.split('\n')[1]!);
    expect(times[0]!.startsWith('00:00:00.000 --> ')).toBe(true);
    expect(times.at(-1)!.endsWith(' --> 00:00:30.000')).toBe(true);
    for (let i = 1; i < times.length; i += 1) expect(times[i]!.split(' --> ')[0]).toBe(times[i - 1]!.split(' --> ')[1]);
    expect(cues.map((cue) => cue.split('\n').slice(2).join(' ')).join(' ')).toBe(transcript);
    for (const cue of cues) expect(cue.split('\n')[2]!.length).toBeLessThanOrEqual(84);
  });

  it('escapes what WebVTT reads as markup, so "-->" and tags stay text', () => {
    const vtt = transcriptToWebVtt('a --> b <i>c</i> & d', 2000);
    expect(vtt).toContain('a --&gt; b &lt;i&gt;c&lt;/i&gt; &amp; d');
    expect(vtt.split('\n').filter((line) => line.includes('-->'))).toHaveLength(1);
  });
});
