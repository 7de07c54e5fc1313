// The job seeker's actions read through the shared fetch helper. No zod here: this code ships with job pages.
import { isRecord, request } from '../../../shared/http/request';
import { CALL_FAILURE_MESSAGES } from '../../../shared/registration/statuses';

export interface ActionAnswer {
  ok: boolean;
  httpStatus: number | null;
  status: string | null;
  message: string | null;
  data: Record<string, unknown>;
}

export const NETWORK_FAILURE = CALL_FAILURE_MESSAGES.network;
export const SERVER_FAILURE = CALL_FAILURE_MESSAGES.server;

/** Posts a form-encoded body (spec 7 headers) and reads the JSON answer; an error_message in a 200 is a failure. */
export async function postForm(path: string, fields: Record<string, string>): Promise<ActionAnswer> {
  const answer = await request({ method: 'POST', path, form: fields });
  const data = isRecord(answer.body) ? answer.body : {};
  const status = typeof data.status === 'string' ? data.status : null;
  if (!answer.ok) return { ok: false, httpStatus: answer.httpStatus, status, message: answer.message, data };
  const message = typeof data.error_message === 'string' ? data.error_message : null;
  return { ok: !message, httpStatus: answer.httpStatus, status, message, data };
}
