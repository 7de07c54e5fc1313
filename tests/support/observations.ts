import { randomBytes } from 'node:crypto';

/** A valid component observation; override any field. */
export function componentObservation(overrides: Record<string, unknown> = {}) {
  return {
    create_time_utc: 1_763_726_400_000,
    meta_data: { visit_id: 'visit-1', country_code: 'US' },
    source: 'landing',
    component_id: 'landing_get_started',
    component_type: 'registration-modal',
    action: 'DISPLAY',
    base_form_type: 'REGISTRATION',
    form_container_type: 'MODAL',
    ...overrides,
  };
}

export function registrationObservation(overrides: Record<string, unknown> = {}) {
  return {
    create_time_utc: 1_763_726_400_000,
    meta_data: { visit_id: 'visit-1' },
    source: 'landing',
    component_id: 'landing_get_started',
    method: 'EMAIL',
    response_status: 'SUCCESS',
    ...overrides,
  };
}

export function newBatchId(): string {
  return randomBytes(12).toString('base64url');
}

export function batch(messages: { type_url: string; payload: unknown }[], batchId = newBatchId(), observeType = 'AT_LEAST_ONCE') {
  return { batch_id: batchId, observe_type: observeType, messages };
}

export const component = (overrides: Record<string, unknown> = {}) => ({ type_url: 'ComponentObservation', payload: componentObservation(overrides) });
