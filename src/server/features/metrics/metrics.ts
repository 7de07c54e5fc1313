// What an operator watches (issue 47, decision 0275): one prom-client registry per app instance, so two
// instances in one process (a test's cluster) each count their own. Features add gauges and counters
// through this module; the plugin beside it serves them at GET /metrics.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Request latency buckets in seconds: a page in milliseconds up to a slow export. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (content pages and 404s come from the not-found handler). */
export const NO_ROUTE = '(no route)';

export type GaugeReading<Label extends string> = number | ReadonlyArray<{ labels: Record<Label, string>; value: number }>;

export interface GaugeOptions<Label extends string> {
  /** Prometheus name, `jobwise_` first: `jobwise_queue_depth`. */
  name: string;
  help: string;
  labelNames?: readonly Label[];
  /** Read at every scrape: one number, or one value per label set (the old label sets are dropped). */
  read(): GaugeReading<Label> | Promise<GaugeReading<Label>>;
}

export interface CounterOptions<Label extends string> {
  name: string;
  help: string;
  labelNames?: readonly Label[];
}

export interface AppMetrics {
  readonly registry: Registry;
  /** One request answered: counted and timed under its route pattern (`/jobs/:slug`), never its URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One email handed to the transport (SMTP or the development mailbox): `sent` or `failed`, by kind. */
  countEmail(kind: string, outcome: 'sent' | 'failed'): void;
  /** A value read when Prometheus scrapes: a queue's depth, open streams, a pool's connections. */
  registerGauge<Label extends string = never>(options: GaugeOptions<Label>): void;
  /** A count that only grows: failed jobs, dropped messages. */
  registerCounter<Label extends string = never>(options: CounterOptions<Label>): Counter<Label>;
  /** The text Prometheus reads. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsOptions {
  /**
   * Also the process's own figures (CPU, memory, event-loop delay, GC): once per process, as each call
   * starts its own event-loop monitor. The server's start sets it; tests building many apps do not.
   */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'jobwise_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'jobwise_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'jobwise_emails_total',
    help: 'Emails handed to the mail transport, by kind and outcome (sent or failed).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status: String(statusCode) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    countEmail(kind, outcome) {
      emails.inc({ kind, outcome });
    },
    registerGauge<Label extends string>(gauge: GaugeOptions<Label>) {
      new Gauge<Label>({
        name: gauge.name,
        help: gauge.help,
        labelNames: gauge.labelNames ?? [],
        registers: [registry],
        async collect() {
          const reading = await gauge.read();
          this.reset();
          if (typeof reading === 'number') this.set(reading);
          else for (const { labels, value } of reading) this.set(labels as Partial<Record<Label, string | number>>, value);
        },
      });
    },
    registerCounter<Label extends string>(counter: CounterOptions<Label>) {
      return new Counter<Label>({ name: counter.name, help: counter.help, labelNames: counter.labelNames ?? [], registers: [registry] });
    },
    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
