// Schemas of the spotlight's calls (zod: server, and client code loaded on demand).
import { z } from 'zod';
import { storableText } from '../analytics/observations';
import { SPOTLIGHT_ANSWER_KINDS, SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES, SPOTLIGHT_PROMPT_IDS } from './constants';

export const SpotlightPromptParamsSchema = z.object({ prompt: z.enum(SPOTLIGHT_PROMPT_IDS) });
export const SpotlightAnswerParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** Tabs and line breaks are kept; other control characters are not. */
function withoutControlCharacters(text: string): string {
  return Array.from(text.replace(/\r\n?/g, '\n'))
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code === 9 || code === 10 || (code >= 32 && code !== 127);
    })
    .join('');
}

const answerText = (tooLong: string) =>
  storableText(20_000)
    .transform((text) => withoutControlCharacters(text).trim())
    .pipe(z.string().max(SPOTLIGHT_LIMITS.maxTextCharacters, tooLong));

export const WrittenAnswerSchema = z.object({
  text: answerText(SPOTLIGHT_MESSAGES.textTooLong).pipe(z.string().min(1, SPOTLIGHT_MESSAGES.emptyText)),
});
export type WrittenAnswer = z.infer<typeof WrittenAnswerSchema>;

/** The transcript sent beside a recording or an uploaded file; empty means none. */
export const TranscriptSchema = answerText(SPOTLIGHT_MESSAGES.transcriptTooLong);

export const TranscriptUpdateSchema = z.object({ transcript: TranscriptSchema });

/** One answer as the person's own page and an employer's applicant view show it. */
export const SpotlightAnswerViewSchema = z.object({
  id: z.string(),
  prompt: z.enum(SPOTLIGHT_PROMPT_IDS),
  kind: z.enum(SPOTLIGHT_ANSWER_KINDS),
  /** Written answers: the text. */
  text: z.string().nullable(),
  /** Video and audio: the transcript (also the captions track), or null. */
  transcript: z.string().nullable(),
  contentType: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  mediaUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type SpotlightAnswerView = z.infer<typeof SpotlightAnswerViewSchema>;
