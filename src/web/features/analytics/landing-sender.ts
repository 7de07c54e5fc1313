// The lazily loaded half of the landing observations: the visit id from the location call, and the
// page's tracker. Loaded by landing-observations.ts with import(); no zod, the answer is read by hand.
import { isRecord, request } from '../../../shared/http/request';
import { REGISTRATION_PATHS } from '../../../shared/registration/paths';
import type { LandingComponent } from '../../../shared/analytics/enums';
import type { FormContainer } from '../../../shared/registration/enums';
import type { LandingObservation, LandingSender } from './landing-observation';
import { getTracker, type ComponentEvent } from './tracker';

export const LOCATION_PATH = REGISTRATION_PATHS.location;

/** Where each landing component sits (spec 3's form containers). */
export const LANDING_CONTAINERS: Record<LandingComponent, FormContainer> = {
  search_form: 'FORM',
  onboarding_form: 'FORM',
  header_sign_in: 'BUTTON',
  post_a_job_button: 'BUTTON',
  third_party_sign_up_prompt: 'BANNER',
  get_started_cta: 'BUTTON',
  single_sign_on: 'BUTTON',
};

export interface VisitMeta {
  visitId?: string;
  ptid?: string;
  country?: string;
}

interface ObservationTarget {
  trackComponent(event: ComponentEvent): boolean;
  flush(): Promise<void>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The visit id, ptid and country (spec 7, GET /jobseeker/register/location); empty when the call fails. */
export async function fetchVisitMeta(fetcher?: typeof fetch): Promise<VisitMeta> {
  const answer = await request({ path: LOCATION_PATH, fetch: fetcher });
  if (!answer.ok || answer.httpStatus !== 200 || !isRecord(answer.body)) return {};
  const fields = answer.body;
  return { visitId: text(fields.visitId), ptid: text(fields.ptid), country: text(fields.country) };
}

/**
 * Landing observations as component observations (decision 0055): source landing, the component's
 * spec name as component id, base form REGISTRATION (the landing page is the way into sign-up).
 * Without a visit id the tracker skips each one with a warning, as spec 8 asks.
 */
export function landingSender(target: ObservationTarget, meta: VisitMeta): LandingSender {
  return {
    send(observations: LandingObservation[], now: boolean) {
      for (const observation of observations) {
        target.trackComponent({
          componentId: observation.component,
          source: 'landing',
          action: observation.action,
          baseFormType: 'REGISTRATION',
          formContainerType: LANDING_CONTAINERS[observation.component],
          metaData: { ...(meta.ptid ? { ptid: meta.ptid } : {}), ...(meta.country ? { country_code: meta.country } : {}) },
          visitId: meta.visitId,
          createTimeUtc: observation.at,
        });
      }
      if (now) void target.flush().catch(() => undefined);
    },
  };
}

export async function createLandingSender(): Promise<LandingSender> {
  return landingSender(getTracker(), await fetchVisitMeta());
}
