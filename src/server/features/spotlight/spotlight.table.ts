import type { Selectable } from 'kysely';

export interface SpotlightAnswersTable {
  id: string;
  account_id: string;
  /** One of SPOTLIGHT_PROMPT_IDS. */
  prompt: string;
  /** video, audio or text (SPOTLIGHT_ANSWER_KINDS). */
  kind: string;
  /** A written answer. */
  text: string | null;
  /** Beside a video or audio answer; its captions track. */
  transcript: string | null;
  /** The file in the shared file storage (namespace 'spotlight'); null for a written answer. */
  storage_key: string | null;
  content_type: string | null;
  size_bytes: number | null;
  duration_ms: number | null;
  created_at: number;
}

export type SpotlightAnswerRow = Selectable<SpotlightAnswersTable>;
