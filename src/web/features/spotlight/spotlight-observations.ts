// Spotlight observations (spec 3; decision 0134): each entry point and each screen of the dialog, with the source,
// the platform, the time the screen was shown (duration_seconds) and the job's listing key when the
// person came from applying. The tracker is loaded on first use, so pages pay nothing up front.
import type { SPOTLIGHT_PLATFORMS, SPOTLIGHT_SOURCES } from '../../../shared/analytics/enums';
import type { ObservationFamily, ScreenObservation } from './spotlight-flow';

export type SpotlightSource = (typeof SPOTLIGHT_SOURCES)[number];
type Platform = (typeof SPOTLIGHT_PLATFORMS)[number];

export interface SpotlightContext {
  source: SpotlightSource;
  listingKey?: string | null;
}

export function spotlightPlatform(userAgent: string): Platform {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'MOBILE_WEB' : 'DESKTOP_WEB';
}

function observe(typeName: ObservationFamily, context: SpotlightContext, fields: Record<string, unknown>) {
  if (typeof window === 'undefined') return;
  const userAgent = navigator.userAgent;
  const payload = {
    source: context.source,
    platform: spotlightPlatform(userAgent),
    user_agent: userAgent.slice(0, 512),
    ...(context.listingKey ? { listing_key: context.listingKey } : {}),
    ...fields,
  };
  void import('../analytics/tracker').then(({ getTracker }) => getTracker().observe(typeName, payload));
}

/** An entry point was shown ("impression") or taken ("cta_click", spec 7's CTA click); a family's entry when the person picks audio or writing. */
export function observeEntryPoint(context: SpotlightContext, subtype: 'impression' | 'cta_click' | 'chosen', family: ObservationFamily = 'CandidateSpotlightObservation') {
  observe(family, context, { event_type: 'ENTRY_POINT', event_subtype: subtype });
}

/** A screen of the dialog, reported when it is left. */
export function observeScreen(context: SpotlightContext, screen: ScreenObservation, shownMs: number) {
  observe(screen.typeName, context, {
    event_type: screen.eventType,
    duration_seconds: Math.round(Math.max(0, shownMs) / 100) / 10,
    ...(screen.subtype ? { event_subtype: screen.subtype } : {}),
    ...(screen.responseId ? { response_id: screen.responseId } : {}),
    ...(screen.errorName ? { error_name: screen.errorName } : {}),
  });
}

/** Sends what is waiting now (before the page navigates away). */
export async function flushSpotlightObservations(): Promise<void> {
  const { getTracker } = await import('../analytics/tracker');
  await getTracker()
    .flush()
    .catch(() => undefined);
}
