// The event log client (spec 7): beacon with form data, else a keepalive POST of JSON.
// Kept tiny and free of imports: it ships in every page's first script.

export const DEFAULT_EVENT_LOG_PATH = '/events/log';
/** Spec 9: at most 10 events in 100 ms, 500 a page; the referrer is cut to 300 characters. */
export const BURST_LIMIT = 10;
export const BURST_WINDOW_MS = 100;
export const PAGE_LIMIT = 500;
export const REFERRER_MAX_LENGTH = 300;

export interface EventLogger {
  /** Sends one event; false when a limit held it back. */
  logEvent(eventType: string, properties?: Record<string, unknown>): boolean;
  /** The page view, under the label from page-labels.ts (the server's page type wins there). */
  logPageView(label: string): boolean;
  setPath(path: string): void;
}

export function createEventLogger(path = DEFAULT_EVENT_LOG_PATH): EventLogger {
  let address = path;
  let sent = 0;
  let recent: number[] = [];
  let warnedPageLimit = false;

  const logEvent = (eventType: string, properties: Record<string, unknown> = {}): boolean => {
    if (typeof window === 'undefined') return false;
    const now = Date.now();
    if (sent >= PAGE_LIMIT) {
      if (!warnedPageLimit) console.warn(`event logger: ${PAGE_LIMIT} events logged on this page; dropping the rest`);
      warnedPageLimit = true;
      return false;
    }
    recent = recent.filter((time) => now - time < BURST_WINDOW_MS);
    if (recent.length >= BURST_LIMIT) {
      console.warn(`event logger: more than ${BURST_LIMIT} events in ${BURST_WINDOW_MS} ms; dropped "${eventType}"`);
      return false;
    }
    recent.push(now);
    sent += 1;
    const fields = { event_type: eventType, properties: JSON.stringify(properties), path: window.location.pathname, time: String(now) };
    if (navigator.sendBeacon?.(address, new URLSearchParams(fields))) return true;
    void fetch(address, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ ...fields, properties, time: now }),
    }).catch(() => undefined);
    return true;
  };

  return {
    logEvent,
    logPageView: (label) => logEvent('page_view', { label, referrer: document.referrer.slice(0, REFERRER_MAX_LENGTH) }),
    setPath(next) {
      address = next;
    },
  };
}

/** The page's logger; the entry points it at the server's configured address (shell.eventLogPath). */
export const eventLogger = createEventLogger();
export const logEvent = eventLogger.logEvent;
