// The observation tracker (spec 7, 8; decision 0050). Loaded lazily by the registration modal.
// Type-only imports from the shared schemas: no zod at run time, only the enumerations' names.
import {
  MAX_BATCH_BYTES,
  MAX_MESSAGES_PER_BATCH,
  OBSERVE_PATH,
  type ComponentType,
  type ObservationAction,
  type ObservationSource,
  type ObservationTypeName,
  type ObserveType,
} from '../../../shared/analytics/enums';
import type { ComponentObservation, ObservationMetaData, RegistrationObservation } from '../../../shared/analytics/observations';
import type { FormContainer, FormType } from '../../../shared/registration/enums';

/** What a form reports; the seven fields spec 8 requires are typed as optional because callers build them from state. */
export interface ComponentEvent {
  componentId?: string;
  source?: ObservationSource;
  action?: ObservationAction;
  baseFormType?: FormType;
  formContainerType?: FormContainer;
  metaData?: Omit<ObservationMetaData, 'visit_id'>;
  visitId?: string;
  componentType?: ComponentType;
  listingKey?: string;
  redirectUrl?: string;
  /** When it happened, if it waited for the tracker to load (the landing page's queue); now otherwise. */
  createTimeUtc?: number;
}

export const REQUIRED_FIELDS = ['componentId', 'source', 'action', 'baseFormType', 'formContainerType', 'metaData', 'visitId'] as const;
export const OBSERVE_FAILURE_WARNING = 'failed observing due to error:';
export const FLUSH_INTERVAL_MS = 5000;
/** Batches that failed to send and wait for the next flush, at most this many. */
const MAX_UNSENT_BATCHES = 20;

interface Message {
  type_url: ObservationTypeName;
  payload: unknown;
}
interface Batch {
  batch_id: string;
  observe_type: ObserveType;
  messages: Message[];
}

export interface TrackerOptions {
  endpoint?: string;
  flushIntervalMs?: number;
  /** Browser hooks; tests leave them to the jsdom globals. */
  win?: Window;
}

export class SendError extends Error {
  constructor(readonly status: number) {
    super(`observe answered ${status}`);
    this.name = 'SendError';
  }
}

function newBatchId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Collects observations, stamps their creation time, and sends them in batches: every
 * flushIntervalMs and when the page is hidden, by sendBeacon, else a keepalive fetch. A batch keeps
 * its id until it is accepted, so a retry is not stored twice.
 */
export class Tracker {
  private pending: Message[] = [];
  private unsent: Batch[] = [];
  private readonly endpoint: string;
  private readonly timer: ReturnType<typeof setInterval> | null = null;
  /** Null while the page renders on the server: the tracker then records and sends nothing. */
  private readonly win: Window | null;
  private readonly onHidden = () => {
    if (this.win?.document.visibilityState === 'hidden') void this.flush().catch(() => undefined);
  };
  private readonly onPageHide = () => void this.flush().catch(() => undefined);

  constructor(options: TrackerOptions = {}) {
    this.endpoint = options.endpoint ?? OBSERVE_PATH;
    this.win = options.win ?? (typeof window === 'undefined' ? null : window);
    if (!this.win) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
    this.win.document.addEventListener('visibilitychange', this.onHidden);
    this.win.addEventListener('pagehide', this.onPageHide);
  }

  /** A form's interaction (display, submit, close, ...). Returns false, with a warning, when a required field is missing. */
  trackComponent(event: ComponentEvent): boolean {
    const missing = REQUIRED_FIELDS.filter((field) => event[field] === undefined || event[field] === null || event[field] === '');
    if (missing.length > 0) {
      console.warn(`observation skipped: missing ${missing.join(', ')}`, event);
      return false;
    }
    const metaData = { ...event.metaData, visit_id: event.visitId };
    const payload: ComponentObservation = {
      create_time_utc: event.createTimeUtc ?? Date.now(),
      ...(metaData.ptid ? { ptid: metaData.ptid } : {}),
      meta_data: metaData,
      source: event.source!,
      component_id: event.componentId!,
      action: event.action!,
      base_form_type: event.baseFormType!,
      form_container_type: event.formContainerType!,
      ...(event.componentType ? { component_type: event.componentType } : {}),
      ...(event.listingKey ? { listing_key: event.listingKey } : {}),
      ...(event.redirectUrl ? { redirect_url: event.redirectUrl } : {}),
    };
    this.enqueue('ComponentObservation', payload);
    return true;
  }

  /** The answer to a registration call. */
  trackRegistration(observation: Omit<RegistrationObservation, 'create_time_utc'>): void {
    this.enqueue('RegistrationObservation', { create_time_utc: Date.now(), ...observation });
  }

  /** Any other type (candidate spotlight records, boost): create_time_utc is stamped when the type has one. */
  observe(typeName: ObservationTypeName, payload: Record<string, unknown>): void {
    const stamped = typeName === 'CandidateBoostObservation' ? payload : { create_time_utc: Date.now(), ...payload };
    this.enqueue(typeName, stamped);
  }

  private enqueue(typeName: ObservationTypeName, payload: unknown) {
    if (!this.win) return;
    this.pending.push({ type_url: typeName, payload });
    if (this.pending.length >= MAX_MESSAGES_PER_BATCH) void this.flush().catch(() => undefined);
  }

  /** Sends everything waiting. On failure warns "failed observing due to error:" and rethrows; the batch is kept for the next flush. */
  async flush(): Promise<void> {
    if (this.pending.length > 0) {
      this.unsent.push(...cutBatches(this.pending));
      this.pending = [];
    }
    while (this.unsent.length > 0) {
      const batch = this.unsent[0]!;
      try {
        await this.send(batch);
        this.unsent.shift();
      } catch (error) {
        if (error instanceof SendError && error.status >= 400 && error.status < 500 && error.status !== 429) this.unsent.shift(); // refused: resending will not help
        if (this.unsent.length > MAX_UNSENT_BATCHES) this.unsent.splice(0, this.unsent.length - MAX_UNSENT_BATCHES);
        console.warn(OBSERVE_FAILURE_WARNING, error);
        throw error;
      }
    }
  }

  private async send(batch: Batch): Promise<void> {
    const body = JSON.stringify(batch);
    // A string is sent as text/plain, which needs no CORS preflight (decision 0051).
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(this.endpoint, body)) return;
    const response = await fetch(this.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new SendError(response.status);
  }

  /** Stops the interval and the page listeners (tests, or a page that unloads the modal for good). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.win?.document.removeEventListener('visibilitychange', this.onHidden);
    this.win?.removeEventListener('pagehide', this.onPageHide);
  }
}

const encoder = new TextEncoder();

/** Splits messages into batches of at most 100 messages and 64 KB (the server's limits). */
export function cutBatches(messages: Message[], observeType: ObserveType = 'AT_LEAST_ONCE'): Batch[] {
  const batches: Batch[] = [];
  const envelope = encoder.encode(JSON.stringify({ batch_id: newBatchId(), observe_type: observeType, messages: [] })).length;
  let current: Message[] = [];
  let size = envelope;
  for (const message of messages) {
    const bytes = encoder.encode(JSON.stringify(message)).length + 1;
    if (envelope + bytes > MAX_BATCH_BYTES) {
      console.warn('observation skipped: larger than a batch may be', message.type_url);
      continue;
    }
    if (current.length >= MAX_MESSAGES_PER_BATCH || size + bytes > MAX_BATCH_BYTES) {
      batches.push({ batch_id: newBatchId(), observe_type: observeType, messages: current });
      current = [];
      size = envelope;
    }
    current.push(message);
    size += bytes;
  }
  if (current.length > 0) batches.push({ batch_id: newBatchId(), observe_type: observeType, messages: current });
  return batches;
}

let shared: Tracker | null = null;

/** The page's one tracker, made on first use in the browser; during server rendering an inert one. */
export function getTracker(): Tracker {
  if (typeof window === 'undefined') return new Tracker();
  shared ??= new Tracker();
  return shared;
}
