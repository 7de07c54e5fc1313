// Small fetch helpers for the job seeker's actions. No zod here: this code ships with job pages.
export interface ActionAnswer {
  ok: boolean;
  httpStatus: number | null;
  status: string | null;
  message: string | null;
  data: Record<string, unknown>;
}

export const NETWORK_FAILURE = 'We were unable to contact our servers. Please try again.';
export const SERVER_FAILURE = 'Error. Something went wrong. We were unable to complete your last action... please try again.';

/** Posts a form-encoded body the way our fetch client does (spec 7 headers) and reads the JSON answer. */
export async function postForm(path: string, fields: Record<string, string>): Promise<ActionAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
        'document-location-href': window.location.href,
      },
      body: new URLSearchParams(fields).toString(),
    });
  } catch {
    return { ok: false, httpStatus: null, status: null, message: NETWORK_FAILURE, data: {} };
  }
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  const status = typeof data.status === 'string' ? data.status : null;
  const message = typeof data.error_message === 'string' ? data.error_message : null;
  if (!response.ok) return { ok: false, httpStatus: response.status, status, message: response.status >= 500 || !message ? SERVER_FAILURE : message, data };
  return { ok: !message, httpStatus: response.status, status, message, data };
}
