// What the landing page observes and what sends it: types only, shared by the queue
// (landing-observations.ts) and the sender it loads later (landing-sender.ts).
import type { LandingComponent, ObservationAction } from '../../../shared/analytics/enums';

/** The actions the landing page reports: spec 3's search, submit, click and single sign-on success, plus display and the SSO outcomes. */
export type LandingAction = Extract<ObservationAction, 'DISPLAY' | 'SEARCH' | 'SUBMIT' | 'CLICK' | 'SSO_CLICK' | 'SSO_SUCCESS' | 'SSO_FAILURE'>;

export interface LandingObservation {
  component: LandingComponent;
  action: LandingAction;
  /** When it happened (epoch ms): the tracker may load later. */
  at: number;
}

export interface LandingSender {
  /** Hands the observations to the tracker; `now` sends them at once (the page is about to be left). */
  send(observations: LandingObservation[], now: boolean): void;
}
