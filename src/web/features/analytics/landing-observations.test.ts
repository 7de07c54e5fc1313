// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComponentObservationSchema, ObservationBatchSchema } from '../../../shared/analytics/observations';
import { observeHeaderClick, observeLanding, resetLandingObservations, startLandingObservations, type LandingObservation, type LandingSender } from './landing-observations';
import { fetchVisitMeta, landingSender } from './landing-sender';
import { Tracker } from './tracker';

/** A sender whose loading the test finishes by hand, recording what it is given. */
function pendingSender() {
  const sent: Array<{ observations: LandingObservation[]; now: boolean }> = [];
  let finish: (sender: LandingSender) => void = () => undefined;
  const load = vi.fn(() => new Promise<LandingSender>((resolve) => (finish = resolve)));
  const sender: LandingSender = { send: (observations, now) => void sent.push({ observations, now }) };
  return { sent, load, ready: () => finish(sender) };
}

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => resetLandingObservations());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('landing observations, queued until the tracker loads', () => {
  it('record nothing on pages that did not start them (the header is on every page)', async () => {
    const { sent, load, ready } = pendingSender();
    observeHeaderClick('header_sign_in_click');
    observeLanding('get_started_cta', 'CLICK');
    // Started later (as if the landing page came next): nothing from before was kept.
    startLandingObservations({ load, schedule: (task) => task() });
    ready();
    await flushPromises();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('load when the browser is idle and send the queue in order, with the time each happened', async () => {
    const { sent, load, ready } = pendingSender();
    let idle: () => void = () => undefined;
    startLandingObservations({ load, schedule: (task) => (idle = task) });
    const before = Date.now();
    observeLanding('onboarding_form', 'DISPLAY');
    observeLanding('search_form', 'DISPLAY');
    expect(load).not.toHaveBeenCalled(); // displays wait for the idle browser
    idle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    ready();
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.now).toBe(false);
    expect(sent[0]!.observations.map((o) => `${o.component}:${o.action}`)).toEqual(['onboarding_form:DISPLAY', 'search_form:DISPLAY']);
    expect(sent[0]!.observations[0]!.at).toBeGreaterThanOrEqual(before);
  });

  it('start loading at once for something a person did (a click), before the browser is idle', () => {
    const { load } = pendingSender();
    startLandingObservations({ load, schedule: () => undefined });
    observeLanding('onboarding_form', 'DISPLAY');
    expect(load).not.toHaveBeenCalled();
    observeLanding('get_started_cta', 'CLICK');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('start loading at the first pointer press, before the browser is idle', () => {
    const { load } = pendingSender();
    startLandingObservations({ load, schedule: () => undefined });
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once loaded, send each at once, and ask for an immediate send when the page is being left', async () => {
    const { sent, load, ready } = pendingSender();
    startLandingObservations({ load, schedule: (task) => task() });
    ready();
    await flushPromises();
    observeLanding('get_started_cta', 'CLICK');
    observeHeaderClick('post_a_job_click');
    observeHeaderClick('header_sign_in_click');
    observeHeaderClick('some_other_click');
    expect(sent.map(({ observations, now }) => `${observations[0]!.component}:${observations[0]!.action}:${now}`)).toEqual([
      'get_started_cta:CLICK:false',
      'post_a_job_button:CLICK:true',
      'header_sign_in:CLICK:true',
    ]);
  });

  it('stop recording when the landing page goes', async () => {
    const { sent, load, ready } = pendingSender();
    const stop = startLandingObservations({ load, schedule: (task) => task() });
    ready();
    await flushPromises();
    stop();
    observeLanding('get_started_cta', 'CLICK');
    expect(sent).toEqual([]);
  });
});

describe('the landing sender', () => {
  let beacon: ReturnType<typeof vi.fn>;
  let tracker: Tracker;
  beforeEach(() => {
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    tracker = new Tracker({ flushIntervalMs: 60_000 });
  });
  afterEach(() => tracker.stop());

  it('sends component observations in the landing vocabulary that the server’s schemas accept', async () => {
    const sender = landingSender(tracker, { visitId: 'visit-1', ptid: 'pt-1', country: 'US' });
    sender.send(
      [
        { component: 'onboarding_form', action: 'DISPLAY', at: 1_000 },
        { component: 'search_form', action: 'SEARCH', at: 2_000 },
        { component: 'single_sign_on', action: 'SSO_SUCCESS', at: 3_000 },
      ],
      true,
    );
    await flushPromises();
    expect(beacon).toHaveBeenCalledTimes(1);
    const batch = ObservationBatchSchema.parse(JSON.parse(String(beacon.mock.calls[0]![1])));
    const payloads = batch.messages.map((message) => ComponentObservationSchema.parse(message.payload));
    expect(payloads).toEqual([
      {
        create_time_utc: 1_000,
        ptid: 'pt-1',
        meta_data: { ptid: 'pt-1', country_code: 'US', visit_id: 'visit-1' },
        source: 'landing',
        component_id: 'onboarding_form',
        action: 'DISPLAY',
        base_form_type: 'REGISTRATION',
        form_container_type: 'FORM',
      },
      expect.objectContaining({ create_time_utc: 2_000, component_id: 'search_form', action: 'SEARCH', form_container_type: 'FORM' }),
      expect.objectContaining({ create_time_utc: 3_000, component_id: 'single_sign_on', action: 'SSO_SUCCESS', form_container_type: 'BUTTON' }),
    ]);
  });

  it('without a visit id each observation is skipped with a warning (spec 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    landingSender(tracker, {}).send([{ component: 'get_started_cta', action: 'CLICK', at: 1 }], true);
    await flushPromises();
    expect(beacon).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('missing visitId'), expect.anything());
  });

  it('reads the visit id, ptid and country from the location call; a failed call gives none', async () => {
    const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
    expect(await fetchVisitMeta(answer(200, { city: '', region: '', country: 'US', visitId: 'v', ptid: 'p' }))).toEqual({ visitId: 'v', ptid: 'p', country: 'US' });
    expect(await fetchVisitMeta(answer(503, { visitId: 'v' }))).toEqual({});
    expect(
      await fetchVisitMeta(
        vi.fn(async () => {
          throw new TypeError('offline');
        }),
      ),
    ).toEqual({});
  });
});
