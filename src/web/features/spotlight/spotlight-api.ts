// The spotlight's calls. No zod: this ships with the profile page; the server checks everything.
import { SPOTLIGHT_PATHS, type SpotlightPromptId } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';

export const NETWORK_FAILURE = 'We were unable to contact our servers. Please try again.';
export const SERVER_FAILURE = 'Error. Something went wrong. We were unable to complete your last action... please try again.';

export type SaveAnswer = { ok: true; answer: SpotlightAnswerView; message: string } | { ok: false; message: string };

const HEADERS = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function answerOf(request: Promise<Response>): Promise<{ ok: boolean; status: number; data: Record<string, unknown> } | null> {
  let response: Response;
  try {
    response = await request;
  } catch {
    return null;
  }
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { ok: response.ok, status: response.status, data };
}

function toSaveAnswer(answer: Awaited<ReturnType<typeof answerOf>>): SaveAnswer {
  if (!answer) return { ok: false, message: NETWORK_FAILURE };
  const message = typeof answer.data.error_message === 'string' ? answer.data.error_message : null;
  if (!answer.ok) return { ok: false, message: answer.status >= 500 || !message ? SERVER_FAILURE : message };
  return { ok: true, answer: answer.data.answer as SpotlightAnswerView, message: typeof answer.data.message === 'string' ? answer.data.message : '' };
}

export async function saveWrittenAnswer(prompt: SpotlightPromptId, text: string): Promise<SaveAnswer> {
  return toSaveAnswer(
    await answerOf(
      fetch(`${SPOTLIGHT_PATHS.answers}/${prompt}/text`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      }),
    ),
  );
}

export async function saveMediaAnswer(prompt: SpotlightPromptId, media: Blob, fileName: string, transcript: string): Promise<SaveAnswer> {
  const body = new FormData();
  body.append('transcript', transcript);
  body.append('media', media, fileName);
  return toSaveAnswer(await answerOf(fetch(`${SPOTLIGHT_PATHS.answers}/${prompt}/media`, { method: 'POST', credentials: 'same-origin', headers: HEADERS, body })));
}

export async function deleteSpotlightAnswer(id: string): Promise<{ ok: boolean; message: string }> {
  const answer = await answerOf(fetch(`${SPOTLIGHT_PATHS.answers}/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin', headers: HEADERS }));
  if (!answer) return { ok: false, message: NETWORK_FAILURE };
  const message = typeof answer.data.error_message === 'string' ? answer.data.error_message : null;
  if (!answer.ok) return { ok: false, message: answer.status >= 500 || !message ? SERVER_FAILURE : message };
  return { ok: true, message: typeof answer.data.message === 'string' ? answer.data.message : '' };
}

export async function saveTranscript(id: string, transcript: string): Promise<SaveAnswer> {
  return toSaveAnswer(
    await answerOf(
      fetch(`${SPOTLIGHT_PATHS.answers}/${encodeURIComponent(id)}/transcript`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ transcript }),
      }),
    ),
  );
}
