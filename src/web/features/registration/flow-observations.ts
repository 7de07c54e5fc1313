// The registration flow's observations (spec 3, 7): what the sign-up funnel (decision 0052) counts.
import type { ComponentType, ObservationAction, ObservationSource } from '../../../shared/analytics/enums';
import { OBSERVATION_SOURCES } from '../../../shared/analytics/enums';
import type { CandidateSpotlightObservation } from '../../../shared/analytics/observations';
import type { TrackingMeta } from '../../../shared/registration/contracts';
import type { FormContainer, FormType } from '../../../shared/registration/enums';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../shared/registration/statuses';
import type { ComponentEvent } from '../analytics/tracker';

export interface ObservationSink {
  trackComponent(event: ComponentEvent): boolean;
  trackRegistration(observation: {
    ptid?: string;
    meta_data: { visit_id?: string; country_code?: string; ptid?: string };
    listing_key?: string;
    source: ObservationSource;
    component_id: string;
    method: 'EMAIL';
    redirect_url?: string;
    response_status: RegistrationStatus;
    error_message?: string;
  }): void;
  /** A candidate-spotlight record (spec 3); the tracker stamps its creation time. */
  trackSpotlight(record: Omit<CandidateSpotlightObservation, 'create_time_utc'>): void;
  /** Sends what waits now: called before the flow leaves the page itself. */
  flush?(): Promise<void>;
}

const COMPONENT_PREFIX: Record<FormType, string> = {
  REGISTRATION: 'registration',
  REGISTRATION_CONFIRMATION: 'registration-confirm',
  OTP: 'otp',
  SMS: 'sms',
  CANDIDATE_SPOTLIGHT: 'candidate-spotlight',
  RESUBSCRIBE: '',
};

/** Spec 3: each form as modal, form, footer form or footer modal; resubscribe has no component type. */
export function componentType(form: FormType, container: FormContainer): ComponentType | undefined {
  const prefix = COMPONENT_PREFIX[form];
  if (!prefix) return undefined;
  const suffix = container === 'FORM' ? 'form' : container === 'FOOTER' ? 'footer-form' : 'modal';
  return `${prefix}-${suffix}` as ComponentType;
}

function asSource(source: string): ObservationSource {
  return (OBSERVATION_SOURCES as readonly string[]).includes(source) ? (source as ObservationSource) : 'SOURCE_UNSPECIFIED';
}

function asStatus(status: string | number | null): RegistrationStatus {
  return typeof status === 'string' && (REGISTRATION_STATUSES as readonly string[]).includes(status) ? (status as RegistrationStatus) : 'UNSPECIFIED_ERROR';
}

export interface ObserverContext {
  source: string;
  componentId: string;
  container: FormContainer;
  listingKey?: string;
  listingVersionKey?: string;
  redirectUrl?: string;
}

/** Binds the flow's fixed context; every call is fire-and-forget. */
export function createFlowObserver(sink: ObservationSink, context: ObserverContext) {
  const metaData = (meta: TrackingMeta | null) => ({ ...(meta?.ptid ? { ptid: meta.ptid } : {}), ...(meta?.country ? { country_code: meta.country } : {}) });
  return {
    component(form: FormType, action: ObservationAction, meta: TrackingMeta | null) {
      sink.trackComponent({
        componentId: context.componentId,
        source: asSource(context.source),
        action,
        baseFormType: form,
        formContainerType: context.container,
        metaData: metaData(meta),
        visitId: meta?.visitId,
        componentType: componentType(form, context.container),
        listingKey: context.listingKey,
        redirectUrl: context.redirectUrl,
      });
    },
    registration(status: string | number | null, errorMessage: string | undefined, meta: TrackingMeta | null) {
      sink.trackRegistration({
        ...(meta?.ptid ? { ptid: meta.ptid } : {}),
        meta_data: { ...metaData(meta), ...(meta?.visitId ? { visit_id: meta.visitId } : {}) },
        ...(context.listingKey ? { listing_key: context.listingKey } : {}),
        source: asSource(context.source),
        component_id: context.componentId,
        method: 'EMAIL',
        ...(context.redirectUrl ? { redirect_url: context.redirectUrl } : {}),
        response_status: asStatus(status),
        ...(errorMessage ? { error_message: errorMessage.slice(0, 500) } : {}),
      });
    },
    /** Spec 7: the spotlight's entry point, shown (impression) or its button clicked (cta_click), from sign-up. */
    spotlightEntryPoint(subtype: 'impression' | 'cta_click', meta: TrackingMeta | null) {
      sink.trackSpotlight({
        ...(meta?.ptid ? { ptid: meta.ptid } : {}),
        event_type: 'ENTRY_POINT',
        source: 'REGISTRATION_LOGIN',
        platform: 'WEB',
        event_subtype: subtype,
        ...(context.listingKey ? { listing_key: context.listingKey } : {}),
        ...(context.listingVersionKey ? { listing_version_key: context.listingVersionKey } : {}),
        ...(typeof navigator === 'undefined' ? {} : { user_agent: navigator.userAgent.slice(0, 512) }),
      });
    },
  };
}
