// The landing page's component observations (spec 3 landing analytics; decision 0055). This module is
// in the first script (the header uses it), so it only queues: the tracker and the visit id arrive with
// import() when the browser is idle or the person starts to interact, and the queue is sent then.
import type { LandingComponent } from '../../../shared/analytics/enums';
import type { LandingAction, LandingObservation, LandingSender } from './landing-observation';

export type { LandingAction, LandingObservation, LandingSender } from './landing-observation';

export type LoadSender = () => Promise<LandingSender>;
type Schedule = (task: () => void) => void;

const loadDefaultSender: LoadSender = () => import('./landing-sender').then((module) => module.createLandingSender());

function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let active = false;
let queue: LandingObservation[] = [];
let sender: LandingSender | null = null;
let loading: Promise<void> | null = null;
let load: LoadSender = loadDefaultSender;

function drain(now: boolean) {
  if (!sender || queue.length === 0) return;
  const waiting = queue;
  queue = [];
  sender.send(waiting, now);
}

function ensureLoaded(): Promise<void> {
  loading ??= load().then(
    (loaded) => {
      sender = loaded;
      drain(false);
    },
    (error: unknown) => {
      // A failed chunk load (offline, new deploy) may work on the next interaction.
      loading = null;
      console.warn('landing observations unavailable', error);
    },
  );
  return loading;
}

/**
 * Called by the landing page once it is interactive: from then on observeLanding records. Loading
 * starts when the browser is idle, or at the first pointer or key press if that comes sooner.
 */
export function startLandingObservations(options: { load?: LoadSender; schedule?: Schedule } = {}): () => void {
  if (typeof window === 'undefined') return () => undefined;
  active = true;
  if (options.load) load = options.load;
  const start = () => void ensureLoaded();
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, start, { once: true, passive: true, capture: true });
  (options.schedule ?? whenIdle)(start);
  return () => {
    active = false;
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, start, { capture: true });
  };
}

/**
 * Records one landing component's action, if the landing page started the observations (the header
 * is on every page; only the landing page's header reports). `leaving`: the page is about to be left
 * (a link, the search form), so the tracker sends at once if it is there; if it is not loaded yet the
 * observation is lost with the page (the event log still has the click).
 */
export function observeLanding(component: LandingComponent, action: LandingAction, options: { leaving?: boolean } = {}): void {
  if (!active) return;
  queue.push({ component, action, at: Date.now() });
  if (sender) drain(options.leaving ?? false);
  // A display waits for the idle or first-interaction load; anything a person did loads the sender now.
  else if (action !== 'DISPLAY') void ensureLoaded();
}

/** The header's logged clicks (spec 2.3) that are landing components too. */
const HEADER_CLICKS: Record<string, LandingComponent> = { post_a_job_click: 'post_a_job_button', header_sign_in_click: 'header_sign_in' };

/** A header link's click, by the event-log name it is logged under: these links leave the page. */
export function observeHeaderClick(eventType: string): void {
  const component = HEADER_CLICKS[eventType];
  if (component) observeLanding(component, 'CLICK', { leaving: true });
}

/** Tests only: forget the page's state. */
export function resetLandingObservations(): void {
  active = false;
  queue = [];
  sender = null;
  loading = null;
  load = loadDefaultSender;
}
