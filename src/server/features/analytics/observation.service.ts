import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ObservationTypeName } from '../../../shared/analytics/enums';
import {
  CandidateBoostObservationSchema,
  CandidateSpotlightAudioResponseObservationSchema,
  CandidateSpotlightObservationSchema,
  CandidateSpotlightTextResponseObservationSchema,
  CandidateSpotlightV4ObservationSchema,
  ComponentObservationSchema,
  isObservationTypeName,
  ObservationBatchSchema,
  RegistrationObservationSchema,
  type ParsedObservation,
} from '../../../shared/analytics/observations';
import { InputValidationError, parseInput } from '../../plugins/errors';
import type { BatchToStore } from './observation.repository';
import type { NewObservationRow } from './observation.table';

export interface RequestContext {
  receivedAt: number;
  ptidCookie: string | null;
  visitIdCookie: string | null;
}

/**
 * Checks a whole batch: the envelope first, then every message against the schema of its type.
 * Any problem refuses the whole batch, naming the message (messages.N) and the reason.
 */
export function parseObservationBatch(body: unknown) {
  const batch = parseInput(ObservationBatchSchema, body);
  const issues: z.core.$ZodIssue[] = [];
  const parsed: ParsedObservation[] = [];
  batch.messages.forEach((message, index) => {
    if (!isObservationTypeName(message.type_url)) {
      issues.push({ code: 'custom', path: ['messages', index, 'type_url'], message: `unknown type "${message.type_url.slice(0, 80)}"`, input: message.type_url });
      return;
    }
    const result = parseMessage(message.type_url, message.payload);
    if ('issues' in result) {
      for (const issue of result.issues) issues.push({ ...issue, path: ['messages', index, 'payload', ...issue.path] });
      return;
    }
    parsed.push(result);
  });
  if (issues.length > 0) throw new InputValidationError(issues);
  return { batchId: batch.batch_id, observeType: batch.observe_type, messages: parsed };
}

/** Checks one payload against the schema its type name names. */
function parseMessage(typeName: ObservationTypeName, payload: unknown): ParsedObservation | z.ZodError {
  switch (typeName) {
    case 'RegistrationObservation': {
      const result = RegistrationObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'ComponentObservation': {
      const result = ComponentObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'CandidateSpotlightObservation': {
      const result = CandidateSpotlightObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'CandidateSpotlightTextResponseObservation': {
      const result = CandidateSpotlightTextResponseObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'CandidateSpotlightAudioResponseObservation': {
      const result = CandidateSpotlightAudioResponseObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'CandidateSpotlightV4Observation': {
      const result = CandidateSpotlightV4ObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
    case 'CandidateBoostObservation': {
      const result = CandidateBoostObservationSchema.safeParse(payload);
      return result.success ? { typeName, payload: result.data } : result.error;
    }
  }
}

export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export function observationRow(message: ParsedObservation, batchId: string, observeType: string, context: RequestContext): NewObservationRow {
  const id = randomUUID();
  const base = {
    id,
    batch_id: batchId,
    type_name: message.typeName,
    observe_type: observeType,
    visit_id: context.visitIdCookie,
    received_at: context.receivedAt,
    day: utcDay(context.receivedAt),
    payload: JSON.stringify(message.payload),
  };
  const cookieVisit = context.visitIdCookie ?? context.ptidCookie;
  switch (message.typeName) {
    case 'RegistrationObservation':
    case 'ComponentObservation': {
      const p = message.payload;
      const ptid = p.ptid ?? p.meta_data.ptid ?? context.ptidCookie;
      return {
        ...base,
        source: p.source,
        component_id: p.component_id,
        action: 'action' in p ? p.action : null,
        base_form_type: 'base_form_type' in p ? p.base_form_type : null,
        response_status: 'response_status' in p ? p.response_status : null,
        event_type: null,
        visit_key: p.meta_data.visit_id ?? cookieVisit ?? ptid ?? `observation:${id}`,
        ptid,
        client_time: p.create_time_utc,
      };
    }
    case 'CandidateBoostObservation':
      return { ...base, source: null, component_id: null, action: null, base_form_type: null, response_status: null, event_type: null, visit_key: cookieVisit ?? message.payload.ptid, ptid: message.payload.ptid, client_time: null };
    default: {
      const p = message.payload;
      const ptid = p.ptid ?? context.ptidCookie;
      return {
        ...base,
        source: p.source,
        component_id: null,
        action: null,
        base_form_type: null,
        response_status: null,
        event_type: p.event_type,
        visit_key: cookieVisit ?? ptid ?? `observation:${id}`,
        ptid,
        client_time: p.create_time_utc,
      };
    }
  }
}

export function batchToStore(body: unknown, context: RequestContext): BatchToStore {
  const batch = parseObservationBatch(body);
  return {
    batchId: batch.batchId,
    receivedAt: context.receivedAt,
    rows: batch.messages.map((message) => observationRow(message, batch.batchId, batch.observeType, context)),
  };
}
