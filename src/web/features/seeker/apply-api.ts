// The apply dialog's calls (decision 0233): the context, then the existing profile save, résumé upload
// and apply endpoints, which keep their own rules. Loaded with the dialog, not with the job page.
import { isRecord, request } from '../../../shared/http/request';
import type { ApplyContext } from '../../../shared/seeker/apply-flow';
import { applyPagePath } from '../../../shared/seeker/apply-flow';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { NETWORK_FAILURE, postForm, SERVER_FAILURE, type ActionAnswer } from './seeker-api';

export interface ApplyApi {
  context(listingKey: string): Promise<ApplyContext | { error: string }>;
  saveProfile(fields: Record<string, string>): Promise<ActionAnswer>;
  uploadResume(file: File): Promise<{ ok: boolean; message: string | null }>;
  apply(fields: Record<string, string>): Promise<ActionAnswer>;
}

export const applyApi: ApplyApi = {
  async context(listingKey) {
    const answer = await request({ path: applyPagePath(listingKey) });
    if (!answer.ok) return { error: answer.message };
    // Our own server's answer to our own call: the shape is ApplyContext (decision 0233).
    return isRecord(answer.body) && typeof answer.body.listingKey === 'string' ? (answer.body as unknown as ApplyContext) : { error: SERVER_FAILURE };
  },
  saveProfile: (fields) => postForm(SEEKER_PATHS.about, fields),
  async uploadResume(file) {
    const body = new FormData();
    body.append('resume', file, file.name);
    let response: Response;
    try {
      response = await fetch(SEEKER_PATHS.resume, { method: 'POST', credentials: 'same-origin', headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' }, body });
    } catch {
      return { ok: false, message: NETWORK_FAILURE };
    }
    const data: unknown = await response.json().catch(() => null);
    const message = isRecord(data) && typeof data.error_message === 'string' ? data.error_message : null;
    if (!response.ok) return { ok: false, message: response.status >= 500 || !message ? SERVER_FAILURE : message };
    return { ok: true, message: null };
  },
  apply: (fields) => postForm(SEEKER_PATHS.apply, fields),
};
