// A transcript becomes the answer's captions track (WebVTT): cut into short cues at sentence and word
// boundaries, each shown for a share of the recording proportional to its length (decision 0132).

const MAX_CUE_CHARACTERS = 84;

function cues(transcript: string): string[] {
  const words = transcript.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && next.length > MAX_CUE_CHARACTERS) {
      out.push(current);
      current = word;
    } else {
      current = next;
    }
    // A sentence ends a cue once it is half full, so cues read as phrases.
    if (/[.!?]$/.test(word) && current.length >= MAX_CUE_CHARACTERS / 2) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

function timestamp(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(millis, 3)}`;
}

/** Cue text is plain text: the characters WebVTT gives meaning to are escaped, and "-->" cannot appear. */
function escapeCue(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function transcriptToWebVtt(transcript: string, durationMs: number): string {
  const parts = cues(transcript);
  const total = parts.reduce((sum, part) => sum + part.length, 0) || 1;
  const span = Math.max(durationMs, 1000);
  let at = 0;
  const blocks = parts.map((part, index) => {
    const start = at;
    at = index === parts.length - 1 ? span : at + (span * part.length) / total;
    return `${index + 1}\n${timestamp(start)} --> ${timestamp(at)}\n${escapeCue(part)}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
