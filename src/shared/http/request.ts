// The one fetch helper of the client (spec 7): same-origin calls with Document-Location-Href and
// X-Requested-With, an optional timeout, and spec 7's wording for every failure. No zod and no other
// imports but the catalogue, so first-load code (job pages, the landing page's Google glue) may use it.
import { CALL_FAILURE_MESSAGES } from '../registration/statuses';

export interface HttpRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body. */
  form?: Record<string, string>;
  /** Aborts the request after this many milliseconds (spec 7: optional timeout). */
  timeoutMs?: number;
  /** Lets the request outlive the page (error reports sent as the page is left). */
  keepalive?: boolean;
  signal?: AbortSignal;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** The page's address, sent as Document-Location-Href; window.location.href by default. */
  locationHref?: string;
}

/** The answer read: the JSON body when the call worked, else why not in the words a person sees. */
export type HttpAnswer =
  | { ok: true; httpStatus: number; body: unknown }
  | {
      ok: false;
      /** null when the server was never reached. */
      httpStatus: number | null;
      /** The body's status, as a name or a number, when the server sent one. */
      status: string | number | null;
      message: string;
      body: unknown;
    };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readStatus(body: unknown): string | number | null {
  if (!isRecord(body)) return null;
  return typeof body.status === 'string' || typeof body.status === 'number' ? body.status : null;
}

/** Spec 7: a JSON error body's message is in `error` (our 4xx bodies also carry `error_message`). */
export function readMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const key of ['error', 'error_message'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

function pageAddress(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}

/** Sends one call; never throws. */
export async function request(call: HttpRequest): Promise<HttpAnswer> {
  const fetchImpl = call.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const timer = call.timeoutMs ? setTimeout(() => controller.abort(), call.timeoutMs) : undefined;
  call.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'document-location-href': call.locationHref ?? pageAddress(),
  };
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }

  let response: Response;
  try {
    response = await fetchImpl(call.path, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
      ...(call.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    clearTimeout(timer);
    return { ok: false, httpStatus: null, status: null, message: CALL_FAILURE_MESSAGES.network, body: undefined };
  }

  let parsed: unknown = undefined;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    // Spec 7: a 5xx status or a missing message gives the generic server wording.
    const message = response.status >= 500 ? null : readMessage(parsed);
    return { ok: false, httpStatus: response.status, status: readStatus(parsed), message: message ?? CALL_FAILURE_MESSAGES.server, body: parsed };
  }
  return { ok: true, httpStatus: response.status, body: parsed };
}
