// The event log client (spec 7): beacon with form data, else a keepalive POST of JSON.
// Kept tiny and free of imports: it ships in every page's first script.

export const EVENT_LOG_PATH = '/events/log';

export function logEvent(eventType: string, properties: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  const fields = { event_type: eventType, properties: JSON.stringify(properties), path: window.location.pathname, time: String(Date.now()) };
  const form = new URLSearchParams(fields);
  if (navigator.sendBeacon?.(EVENT_LOG_PATH, form)) return;
  void fetch(EVENT_LOG_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ ...fields, properties }),
  }).catch(() => undefined);
}

export function logPageView(pageType: string | null): void {
  logEvent('page_view', { page_type: pageType, referrer: document.referrer.slice(0, 300) });
}
