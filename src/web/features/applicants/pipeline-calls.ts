// The pipeline's in-place calls (decision 0294), through the one fetch helper. The form posts they
// stand in for go to the same addresses; X-Requested-With makes the server answer JSON instead of a redirect.
import type { ApplicantHistoryEntry, ApplicantNote } from '../../../shared/applicants/page-props';
import { isRecord, request } from '../../../shared/http/request';
import { isStage, type Stage } from '../../../shared/applicants/stages';
import type { SaveOutcome } from './optimistic-value';

const TIMEOUT_MS = 15_000;
const UNEXPECTED = 'Something went wrong. Please try again.';

function historyEntry(value: unknown): ApplicantHistoryEntry | null {
  if (!isRecord(value)) return null;
  const { from, to, by, at, atIso } = value;
  if ((from !== null && typeof from !== 'string') || typeof to !== 'string' || typeof by !== 'string' || typeof at !== 'string' || typeof atIso !== 'string') return null;
  return { from, to, by, at, atIso };
}

export async function moveStage(path: string, stage: Stage): Promise<SaveOutcome<Stage> & { change?: ApplicantHistoryEntry | null }> {
  const answer = await request({ path, json: { stage }, timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return { ok: false, message: answer.message };
  const body = answer.body;
  if (!isRecord(body) || body.status !== 'MOVED' || typeof body.stage !== 'string' || !isStage(body.stage)) return { ok: false, message: UNEXPECTED };
  return { ok: true, value: body.stage, change: historyEntry(body.change) };
}

export async function saveRating(path: string, rating: number | null): Promise<SaveOutcome<number | null>> {
  const answer = await request({ path, json: { rating }, timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return { ok: false, message: answer.message };
  const body = answer.body;
  if (!isRecord(body) || body.status !== 'RATED' || (body.rating !== null && typeof body.rating !== 'number')) return { ok: false, message: UNEXPECTED };
  return { ok: true, value: body.rating };
}

export async function addNote(path: string, text: string): Promise<{ ok: true; note: ApplicantNote } | { ok: false; message: string }> {
  const answer = await request({ path, json: { body: text }, timeoutMs: TIMEOUT_MS });
  if (!answer.ok) return { ok: false, message: answer.message };
  const body = answer.body;
  const note = isRecord(body) && body.status === 'NOTED' && isRecord(body.note) ? body.note : null;
  if (!note || typeof note.author !== 'string' || typeof note.at !== 'string' || typeof note.atIso !== 'string' || typeof note.body !== 'string') return { ok: false, message: UNEXPECTED };
  return { ok: true, note: { author: note.author, at: note.at, atIso: note.atIso, body: note.body } };
}
