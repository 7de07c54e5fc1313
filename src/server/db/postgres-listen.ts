// LISTEN on PostgreSQL on one connection of its own beside the pool, kept open: a lost connection is
// opened again every second, and then `onReconnect` runs, since notifications sent meanwhile are gone
// (decisions 0230, 0281). NOTIFY goes through the pool (`select pg_notify(...)`).
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 1000;

export interface PostgresListener {
  /** Opens the connection and listens, once. Resolves when listening (or the attempt failed: a later reconnect calls onReconnect). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface PostgresListenOptions {
  clientConfig: pg.ClientConfig;
  /** A plain identifier: lowercase letters, digits and underscores. */
  channel: string;
  log: FastifyBaseLogger;
  /** Names the listener in log lines ("message events"). */
  label: string;
  onNotification(payload: string): void;
  /** After a lost connection listens again (not after the first connection). */
  onReconnect(): void;
}

export function postgresListener(options: PostgresListenOptions): PostgresListener {
  const { channel, log, label } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let everConnected = false;
  let failing = false;
  let closed = false;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.end().catch(() => undefined);
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void start();
    }, RECONNECT_MS);
    retry.unref();
  };

  function start(): Promise<void> {
    if (client || closed) return Promise.resolve();
    connecting ??= (async () => {
      const next = new pg.Client(options.clientConfig);
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', (notification) => {
        if (notification.channel === channel && notification.payload) options.onNotification(notification.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.end().catch(() => undefined);
        if (!failing) log.warn({ err: error }, `${label}: cannot listen on PostgreSQL; trying again every second`);
        failing = true;
        scheduleReconnect();
        return;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      if (failing) log.info(`${label}: listening on PostgreSQL again`);
      failing = false;
      if (everConnected) options.onReconnect();
      everConnected = true;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    start,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
