import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, component, componentObservation, newBatchId, registrationObservation } from '../support/observations';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const beaconHeaders = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain;charset=UTF-8' };
const fetchHeaders = { ...sameOriginHeaders, 'content-type': 'application/json' };

async function countWhere(batchId: string) {
  const row = await t.app.db
    .selectFrom('observation')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const observe = (body: unknown, headers: Record<string, string> = fetchHeaders) =>
  t.app.inject({ method: 'POST', url: '/observations/observe', headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });

describe('POST /observations/observe', () => {
  it('stores a keepalive-fetch JSON batch before answering 204, with the columns the dashboard reads', async () => {
    const body = batch([component(), { type_url: 'RegistrationObservation', payload: registrationObservation() }]);
    const response = await observe(body, { ...fetchHeaders, cookie: 'ptid=p-9; visit_id=v-9' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await t.app.db.selectFrom('observation').selectAll().where('batch_id', '=', body.batch_id).orderBy('type_name').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: `${body.batch_id}.0`,
      batch_id: body.batch_id,
      type_name: 'ComponentObservation',
      observe_type: 'AT_LEAST_ONCE',
      source: 'landing',
      component_id: 'landing_get_started',
      action: 'DISPLAY',
      base_form_type: 'REGISTRATION',
      visit_key: 'visit-1',
      visit_id: 'v-9',
      ptid: 'p-9',
      client_time: 1_763_726_400_000,
      received_at: t.clock.now(),
      day: '2026-11-21',
    });
    expect(JSON.parse(rows[0]!.payload)).toEqual(componentObservation());
    expect(rows[1]).toMatchObject({ id: `${body.batch_id}.1`, type_name: 'RegistrationObservation', response_status: 'SUCCESS', action: null, visit_id: 'v-9', day: '2026-11-21' });
  });

  it('accepts a sendBeacon body sent as text/plain JSON', async () => {
    const body = batch([component({ action: 'SUBMIT' })]);
    const response = await observe(body, beaconHeaders);
    expect(response.statusCode).toBe(204);
    expect(await countWhere(body.batch_id)).toBe(1);
  });

  it('accepts every observation type of spec 3', async () => {
    const spotlight = { create_time_utc: 1, event_type: 'HOW_IT_WORKS_MODAL', source: 'REGISTRATION_LOGIN', platform: 'DESKTOP_WEB', duration_seconds: 3.5 };
    const body = batch([
      { type_url: 'CandidateSpotlightObservation', payload: spotlight },
      { type_url: 'CandidateSpotlightTextResponseObservation', payload: { ...spotlight, event_type: 'TEXT_INPUT_MODAL', text_response: 'hi' } },
      { type_url: 'CandidateSpotlightAudioResponseObservation', payload: { ...spotlight, event_type: 'ERROR', error_name: 'NotAllowedError' } },
      { type_url: 'CandidateSpotlightV4Observation', payload: { ...spotlight, event_type: 'AUDIO_MODAL' } },
      { type_url: 'CandidateBoostObservation', payload: { ptid: 'p-boost' } },
    ]);
    expect((await observe(body)).statusCode).toBe(204);
    expect(await countWhere(body.batch_id)).toBe(5);
  });

  it('refuses a batch with an unknown type, naming the message, and stores none of it', async () => {
    const body = batch([component(), { type_url: 'MysteryObservation', payload: {} }]);
    const response = await observe(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR' });
    expect(response.json().details).toContain('messages.1.type_url: unknown type "MysteryObservation"');
    expect(await countWhere(body.batch_id)).toBe(0);
  });

  it('refuses a batch with a bad payload, naming the message and the field, and stores none of it', async () => {
    const body = batch([component(), component(), component({ action: 'DANCE' })]);
    const response = await observe(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatch(/^messages\.2\.payload\.action: /);
    expect(await countWhere(body.batch_id)).toBe(0);
    const missing = batch([component({ base_form_type: undefined })]);
    const second = await observe(missing);
    expect(second.statusCode).toBe(400);
    expect(second.json().details).toContain('messages.0.payload.base_form_type');
  });

  it('refuses text a database cannot store (NUL, unpaired surrogates) per message, so it cannot fail a group', async () => {
    const body = batch([component(), component({ component_id: 'bad\u0000id' })]);
    const response = await observe(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContain('messages.1.payload.component_id: must not contain NUL or unpaired surrogate characters');
    const surrogate = await observe(batch([component({ meta_data: { visit_id: 'v\ud800' } })]));
    expect(surrogate.json().details).toContain('messages.0.payload.meta_data.visit_id');
    expect((await observe(batch([component({ component_id: 'emoji \ud83d\ude00 ok' })]))).statusCode).toBe(204);
    const event = await t.app.inject({
      method: 'POST',
      url: '/events/log',
      headers: fetchHeaders,
      payload: JSON.stringify({ event_type: 'click\u0000', properties: {}, path: '/', time: 1 }),
    });
    expect(event.statusCode).toBe(400);
    expect(await countWhere(body.batch_id)).toBe(0);
  });

  it('refuses unknown fields, a malformed batch id and an empty batch', async () => {
    expect((await observe(batch([component({ surprise: 1 })]))).statusCode).toBe(400);
    expect((await observe({ batch_id: 'no spaces allowed', observe_type: 'ASYNC', messages: [component()] })).json().details).toContain('batch_id');
    expect((await observe(batch([]))).json().details).toContain('messages: must hold at least one message');
    expect((await observe('{"batch_id":', beaconHeaders)).json().error).toBe('The request body is not valid JSON.');
  });

  it("accepts the spec's batch without a batch id, storing each post as sent (decision 0093)", async () => {
    const marker = `no-id-${newBatchId()}`;
    const body = { observe_type: 'ASYNC', messages: [component({ component_id: marker })] };
    expect((await observe(body)).statusCode).toBe(204);
    expect((await observe(JSON.stringify(body), beaconHeaders)).statusCode).toBe(204);
    const rows = await t.app.db.selectFrom('observation').select('batch_id').where('component_id', '=', marker).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.batch_id)).size).toBe(2);
  });

  it('stores a retried batch once, whether the retry comes later or at the same moment', async () => {
    const body = batch([component(), component({ action: 'CLOSE' })]);
    expect((await observe(body)).statusCode).toBe(204);
    expect((await observe(body, beaconHeaders)).statusCode).toBe(204);
    expect(await countWhere(body.batch_id)).toBe(2);

    const twin = batch([component()]);
    const answers = await Promise.all([observe(twin), observe(twin), observe(twin)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    expect(await countWhere(twin.batch_id)).toBe(1);
  });

  it('takes up to 100 messages and 64 KB, above the site-wide 16 KB limit', async () => {
    const hundred = batch(Array.from({ length: 100 }, () => component({ redirect_url: `/${'x'.repeat(200)}` })));
    expect(JSON.stringify(hundred).length).toBeGreaterThan(16 * 1024);
    expect((await observe(hundred)).statusCode).toBe(204);
    expect(await countWhere(hundred.batch_id)).toBe(100);

    const tooMany = batch(Array.from({ length: 101 }, () => component()));
    const many = await observe(tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json().details).toContain('messages: must hold at most 100 messages');

    const tooBig = batch(Array.from({ length: 40 }, () => component({ redirect_url: `/${'y'.repeat(1800)}` })));
    expect(JSON.stringify(tooBig).length).toBeGreaterThan(64 * 1024);
    const big = await observe(tooBig, beaconHeaders);
    expect(big.statusCode).toBe(413);
    expect(await countWhere(tooBig.batch_id)).toBe(0);
  });

  it('refuses batches from another site', async () => {
    const body = batch([component()]);
    const response = await observe(body, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(403);
    expect(await countWhere(body.batch_id)).toBe(0);
  });

  it('writes concurrent requests together in shared transactions', async () => {
    const bodies = Array.from({ length: 30 }, () => batch(Array.from({ length: 5 }, () => component())));
    const answers = await Promise.all(bodies.map((body) => observe(body)));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    const groups = await t.app.db
      .selectFrom('observation')
      .select('received_at')
      .where(
        'batch_id',
        'in',
        bodies.map((body) => body.batch_id),
      )
      .execute();
    expect(groups).toHaveLength(150);
  });
});

describe('a full queue', () => {
  it('answers 503 with Retry-After instead of queueing without limit', async () => {
    const small = await createTestApp({ OBSERVATION_QUEUE_LIMIT: '100' });
    try {
      const bodies = Array.from({ length: 4 }, () => batch(Array.from({ length: 40 }, () => component())));
      const answers = await Promise.all(
        bodies.map((body) =>
          small.app.inject({ method: 'POST', url: '/observations/observe', headers: fetchHeaders, payload: JSON.stringify(body) }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toContain(204);
      expect(codes).toContain(503);
      const refused = answers.find((answer) => answer.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('1');
      const stored = await small.app.db.selectFrom('observation').select('batch_id').distinct().execute();
      expect(stored).toHaveLength(codes.filter((code) => code === 204).length);
    } finally {
      await small.close();
    }
  });
});

describe('retention', () => {
  it('purges the days older than OBSERVATION_RETENTION_DAYS on its hourly schedule', async () => {
    const short = await createTestApp({ OBSERVATION_RETENTION_DAYS: '2' });
    const post = (body: unknown) =>
      short.app.inject({ method: 'POST', url: '/observations/observe', headers: fetchHeaders, payload: JSON.stringify(body) });
    const left = async () => (await short.app.db.selectFrom('observation').select('batch_id').execute()).map((row) => row.batch_id).sort();
    try {
      short.clock.time = Date.UTC(2026, 10, 21, 12);
      const old = batch([component()]);
      expect((await post(old)).statusCode).toBe(204);
      short.clock.time = Date.UTC(2026, 10, 22, 23);
      const recent = batch([component()]);
      expect((await post(recent)).statusCode).toBe(204);

      // 2 days and 12 hours after `old`, but its day (the 21st) is not wholly older than 2 days yet.
      short.clock.time = Date.UTC(2026, 10, 23, 23, 59);
      expect((await short.app.scheduler.runDue())['observation-purge']).toBe('ran');
      expect(await left()).toEqual([old.batch_id, recent.batch_id].sort());

      // Within the same hour the scheduled purge is not due again (decision 0141).
      short.clock.time = Date.UTC(2026, 10, 23, 23, 59, 30);
      expect((await short.app.scheduler.runDue())['observation-purge']).toBe('not-due');

      short.clock.time = Date.UTC(2026, 10, 24, 0, 30);
      expect((await short.app.scheduler.runDue())['observation-purge']).toBe('ran');
      expect(await left()).toEqual([recent.batch_id]);
      const batches = await short.app.db.selectFrom('observation_batch').select('batch_id').execute();
      expect(batches.map((row) => row.batch_id)).toEqual([recent.batch_id]);
    } finally {
      await short.close();
    }
  });
});

describe('event log', () => {
  it('stores events through the group commit at the configured address', async () => {
    const custom = await createTestApp({ EVENT_LOG_PATH: '/e/track' });
    try {
      const post = (url: string) =>
        custom.app.inject({
          method: 'POST',
          url,
          headers: { ...fetchHeaders, cookie: 'ptid=p-2; visit_id=v-2' },
          payload: JSON.stringify({ event_type: 'page_view', properties: { label: 'home' }, path: '/', time: 5 }),
        });
      expect((await post('/e/track')).statusCode).toBe(204);
      expect((await post('/events/log')).statusCode).toBe(404);
      const rows = await custom.app.db.selectFrom('event_log').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ptid: 'p-2', visit_id: 'v-2', client_time: 5, created_at: custom.clock.now() });
      const page = await custom.app.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain('"eventLogPath":"/e/track"');
    } finally {
      await custom.close();
    }
  });

  it('flushes queued writes when the app closes', async () => {
    const closing = await createTestApp();
    const body = batch([component()], newBatchId());
    const pending = closing.app.analytics.observations.submit({
      batchId: body.batch_id,
      observeType: 'AT_LEAST_ONCE',
      receivedAt: closing.clock.now(),
      day: '2026-11-21',
      visitId: null,
      messages: [],
    });
    await closing.app.close();
    await expect(pending).resolves.toBe('stored');
  });
});
