import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { loggerOptions } from '../../src/server/plugins/logger';
import { createTestDatabase } from '../support/test-database';

const config = () =>
  loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'lifecycle-secret-lifecycle-secret-0123', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jobwise-')) });

describe('graceful shutdown', () => {
  it('finishes a request in flight when the server closes, then refuses new ones', async () => {
    const app = await buildApp({ config: config(), database: await createTestDatabase(), logger: false });
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/test-only/slow', async () => {
      arrived();
      await new Promise<void>((resolve) => (release = resolve));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;

    const inFlight = fetch(`${base}/test-only/slow`);
    // Closed only once the request is in its handler: "in flight" on a machine however busy.
    await inHandler;
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

describe('logs', () => {
  it('never contain cookies, authorisation or query strings', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const cfg = config();
    const options = loggerOptions(cfg, { pretty: false }) as pino.LoggerOptions;
    const logger = pino({ ...options, level: 'info' }, sink);
    // The app's own logger options, on a pino instance writing to memory.
    const Fastify = (await import('fastify')).default;
    const logged = Fastify({ loggerInstance: logger });
    logged.get('/x', async () => 'ok');
    await logged.inject({ method: 'GET', url: '/x?email=person%40example.com&token=abc', headers: { cookie: 'session=s3cret', authorization: 'Bearer s3cret' } });
    await logged.close();
    const text = lines.join('');
    expect(text).toContain('"path":"/x"');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('person%40example.com');
  });

  it('are pretty in a terminal and JSON lines otherwise, redacted either way', async () => {
    const cfg = config();
    const forTerminal = loggerOptions(cfg, { pretty: true }) as pino.LoggerOptions;
    expect(forTerminal.transport).toMatchObject({ target: 'pino-pretty' });
    expect((loggerOptions(cfg, { pretty: false }) as pino.LoggerOptions).transport).toBeUndefined();

    // The same options through pino-pretty, as the transport runs them: redaction happened first.
    let text = '';
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        text += String(chunk);
        callback();
      },
    });
    const { transport: _transport, ...options } = forTerminal;
    const logger = pino({ ...options, level: 'info' }, pinoPretty({ destination: sink, colorize: false, sync: true }));
    logger.info({ req: { method: 'GET', url: '/x?code=482913', id: 'r1', headers: { cookie: 'session=s3cret' } }, body: { one_time_password: '482913', password: 's3cret' } }, 'a request');
    logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toContain('a request');
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/^\{/);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('482913');
  });
});
