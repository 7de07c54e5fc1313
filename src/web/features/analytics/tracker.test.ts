// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ObservationBatchSchema, ComponentObservationSchema, RegistrationObservationSchema } from '../../../shared/analytics/observations';
import { cutBatches, OBSERVE_FAILURE_WARNING, Tracker, type ComponentEvent } from './tracker';

const event: ComponentEvent = {
  componentId: 'landing_get_started',
  source: 'landing',
  action: 'DISPLAY',
  baseFormType: 'REGISTRATION',
  formContainerType: 'MODAL',
  metaData: { country_code: 'US', ptid: 'p-1' },
  visitId: 'v-1',
  componentType: 'registration-modal',
};

let beacon: ReturnType<typeof vi.fn>;
let warn: ReturnType<typeof vi.spyOn>;
let tracker: Tracker;
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 12) });
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  tracker = new Tracker({ flushIntervalMs: 1000 });
});
afterEach(() => {
  tracker.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const beaconBatch = (call = 0) => JSON.parse(String(beacon.mock.calls[call]![1]));

describe('tracker', () => {
  it.each(['componentId', 'source', 'action', 'baseFormType', 'formContainerType', 'metaData', 'visitId'] as const)(
    'skips an event without %s, with a console warning',
    async (field) => {
      expect(tracker.trackComponent({ ...event, [field]: undefined })).toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`missing ${field}`), expect.anything());
      await tracker.flush();
      expect(beacon).not.toHaveBeenCalled();
    },
  );

  it('stamps the creation time and batches events until the interval flushes them by beacon', async () => {
    tracker.trackComponent(event);
    vi.advanceTimersByTime(300);
    tracker.trackComponent({ ...event, action: 'SUBMIT' });
    expect(beacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(700);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe('/observations/observe');
    const batch = ObservationBatchSchema.parse(beaconBatch());
    expect(batch.observe_type).toBe('AT_LEAST_ONCE');
    expect(batch.messages.map((message) => message.type_url)).toEqual(['ComponentObservation', 'ComponentObservation']);
    const [first, second] = batch.messages.map((message) => ComponentObservationSchema.parse(message.payload));
    expect(first).toMatchObject({ create_time_utc: Date.UTC(2026, 10, 21, 12), action: 'DISPLAY', ptid: 'p-1', meta_data: { visit_id: 'v-1', country_code: 'US' } });
    expect(second!.create_time_utc).toBe(Date.UTC(2026, 10, 21, 12) + 300);
  });

  it('flushes when the page is hidden and on pagehide', async () => {
    tracker.trackComponent(event);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon).toHaveBeenCalledTimes(1);
    tracker.trackComponent(event);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('falls back to a keepalive fetch when there is no beacon', async () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    tracker.trackRegistration({ meta_data: { visit_id: 'v-1' }, source: 'landing', component_id: 'c', method: 'EMAIL', response_status: 'SUCCESS' });
    await tracker.flush();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/observations/observe');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
    const batch = ObservationBatchSchema.parse(JSON.parse(String(init.body)));
    expect(RegistrationObservationSchema.parse(batch.messages[0]!.payload).create_time_utc).toBe(Date.now());
  });

  it('warns "failed observing due to error:" and rethrows when sending fails, then resends the same batch id', async () => {
    beacon.mockReturnValue(false);
    const failure = new TypeError('Failed to fetch');
    const fetchMock = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    tracker.trackComponent(event);
    await expect(tracker.flush()).rejects.toBe(failure);
    expect(warn).toHaveBeenCalledWith(OBSERVE_FAILURE_WARNING, failure);
    await tracker.flush();
    const ids = fetchMock.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)).batch_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('sends at once when 100 messages wait, and cuts batches at 100 messages and 64 KB', () => {
    for (let i = 0; i < 100; i += 1) tracker.trackComponent(event);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beaconBatch().messages).toHaveLength(100);

    const big = Array.from({ length: 60 }, () => ({ type_url: 'ComponentObservation' as const, payload: { pad: 'x'.repeat(2000) } }));
    const batches = cutBatches(big);
    expect(batches.length).toBe(2);
    for (const batch of batches) expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(64 * 1024);
    expect(batches.reduce((sum, batch) => sum + batch.messages.length, 0)).toBe(60);
    expect(new Set(batches.map((batch) => batch.batch_id)).size).toBe(2);
  });
});
