// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventLogger } from './event-logger';

let beacon: ReturnType<typeof vi.fn>;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sentFields = (call: number) => Object.fromEntries(beacon.mock.calls[call]![1] as URLSearchParams);

describe('event logger', () => {
  it('sends by beacon as form data to the configured address', () => {
    const logger = createEventLogger('/e/track');
    expect(logger.logEvent('header_sign_in_click', { component: 'header_sign_in' })).toBe(true);
    expect(beacon.mock.calls[0]![0]).toBe('/e/track');
    expect(sentFields(0)).toMatchObject({ event_type: 'header_sign_in_click', properties: '{"component":"header_sign_in"}', path: '/', time: String(Date.now()) });
  });

  it('allows 10 events in 100 ms and drops the 11th with a warning', () => {
    const logger = createEventLogger();
    for (let i = 0; i < 10; i += 1) expect(logger.logEvent('click')).toBe(true);
    expect(logger.logEvent('click')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('more than 10 events in 100 ms'));
    vi.advanceTimersByTime(100);
    expect(logger.logEvent('click')).toBe(true);
    expect(beacon).toHaveBeenCalledTimes(11);
  });

  it('records at most 500 events a page', () => {
    const logger = createEventLogger();
    for (let i = 0; i < 520; i += 1) {
      logger.logEvent('scroll');
      vi.advanceTimersByTime(20);
    }
    expect(beacon).toHaveBeenCalledTimes(500);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('logs the page view with its label and the referrer cut to 300 characters', () => {
    Object.defineProperty(document, 'referrer', { value: `https://example.com/${'r'.repeat(400)}`, configurable: true });
    createEventLogger().logPageView('job search home');
    const properties = JSON.parse(sentFields(0).properties!);
    expect(properties.label).toBe('job search home');
    expect(properties.referrer).toHaveLength(300);
  });

  it('falls back to a keepalive JSON POST when the beacon is refused', () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    createEventLogger().logEvent('post_a_job_click', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/events/log');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(JSON.parse(String(init.body))).toMatchObject({ event_type: 'post_a_job_click', properties: { a: 1 } });
    vi.unstubAllGlobals();
  });
});
