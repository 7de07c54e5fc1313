import { z } from 'zod';
import { FORM_CONTAINERS, FORM_TYPES, REGISTRATION_METHODS } from '../registration/enums';
import { REGISTRATION_STATUSES } from '../registration/statuses';
import {
  AUDIO_RESPONSE_EVENTS,
  COMPONENT_TYPES,
  MAX_MESSAGES_PER_BATCH,
  OBSERVATION_ACTIONS,
  OBSERVATION_SOURCES,
  OBSERVATION_TYPE_NAMES,
  OBSERVE_TYPES,
  SPOTLIGHT_EVENTS,
  SPOTLIGHT_PLATFORMS,
  SPOTLIGHT_SOURCES,
  SPOTLIGHT_V4_EVENTS,
  TEXT_RESPONSE_EVENTS,
  type ObservationTypeName,
} from './enums';

// PostgreSQL text cannot hold NUL, and JSON with an unpaired surrogate does not convert to text: refuse
// both here, per message, rather than let one message fail a whole group commit (decision 0051).
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text), 'must not contain NUL or unpaired surrogate characters');

const id = storableText(200)
  .transform((text) => text.trim())
  .pipe(z.string().min(1));
const optionalText = (max: number) => storableText(max).optional();
const epochMs = z.number().int().nonnegative().max(8_640_000_000_000_000);
const redirectUrl = storableText(2048).optional();

/** Meta data carried by registration and component observations (spec 3). */
export const ObservationMetaDataSchema = z.strictObject({
  contact_id: id.optional(),
  request_id: id.optional(),
  visit_id: id.optional(),
  registration_event_id: id.optional(),
  country_code: storableText(8).optional(),
  ptid: id.optional(),
});
export type ObservationMetaData = z.infer<typeof ObservationMetaDataSchema>;

/** What a registration and a component observation both carry: when, who, where from. */
const observationBase = {
  create_time_utc: epochMs,
  ptid: id.optional(),
  meta_data: ObservationMetaDataSchema,
  listing_key: optionalText(200),
  source: z.enum(OBSERVATION_SOURCES),
  component_id: id,
};

export const RegistrationObservationSchema = z.strictObject({
  ...observationBase,
  method: z.enum(REGISTRATION_METHODS),
  redirect_url: redirectUrl,
  response_status: z.enum(REGISTRATION_STATUSES),
  error_message: optionalText(500),
});
export type RegistrationObservation = z.infer<typeof RegistrationObservationSchema>;

export const ComponentObservationSchema = z.strictObject({
  ...observationBase,
  component_type: z.enum(COMPONENT_TYPES).optional(),
  action: z.enum(OBSERVATION_ACTIONS),
  redirect_url: redirectUrl,
  base_form_type: z.enum(FORM_TYPES),
  form_container_type: z.enum(FORM_CONTAINERS),
});
export type ComponentObservation = z.infer<typeof ComponentObservationSchema>;

/** The fields every candidate-spotlight record shares; each family has its own event enumeration. */
const spotlightRecord = <E extends readonly [string, ...string[]]>(events: E) =>
  z.strictObject({
    create_time_utc: epochMs,
    ptid: id.optional(),
    event_type: z.enum(events),
    source: z.enum(SPOTLIGHT_SOURCES),
    platform: z.enum(SPOTLIGHT_PLATFORMS),
    event_subtype: optionalText(100),
    duration_seconds: z.number().nonnegative().max(86_400).optional(),
    user_agent: optionalText(512),
    text_response: optionalText(5000),
    listing_key: optionalText(200),
    listing_version_key: optionalText(200),
    response_id: optionalText(200),
    encrypted_response_id: optionalText(500),
    error_message: optionalText(500),
    error_name: optionalText(200),
  });

export const CandidateSpotlightObservationSchema = spotlightRecord(SPOTLIGHT_EVENTS);
export const CandidateSpotlightTextResponseObservationSchema = spotlightRecord(TEXT_RESPONSE_EVENTS);
export const CandidateSpotlightAudioResponseObservationSchema = spotlightRecord(AUDIO_RESPONSE_EVENTS);
export const CandidateSpotlightV4ObservationSchema = spotlightRecord(SPOTLIGHT_V4_EVENTS);
export type CandidateSpotlightObservation = z.infer<typeof CandidateSpotlightObservationSchema>;

/** Boosting a candidate for experiments carries the ptid only. */
export const CandidateBoostObservationSchema = z.strictObject({ ptid: id });
export type CandidateBoostObservation = z.infer<typeof CandidateBoostObservationSchema>;

/** One schema per type name a message may carry. */
export const OBSERVATION_SCHEMAS = {
  RegistrationObservation: RegistrationObservationSchema,
  ComponentObservation: ComponentObservationSchema,
  CandidateSpotlightObservation: CandidateSpotlightObservationSchema,
  CandidateSpotlightTextResponseObservation: CandidateSpotlightTextResponseObservationSchema,
  CandidateSpotlightAudioResponseObservation: CandidateSpotlightAudioResponseObservationSchema,
  CandidateSpotlightV4Observation: CandidateSpotlightV4ObservationSchema,
  CandidateBoostObservation: CandidateBoostObservationSchema,
} satisfies Record<ObservationTypeName, z.ZodType>;

/**
 * The batch (spec 7): messages tagged with their type name and observe_type. Our tracker adds a batch
 * id it makes once per batch and repeats on a retry (decision 0050), so a retried batch is stored once;
 * the spec's batch has no id and is accepted too, each post stored as sent (decision 0093).
 * Payloads are checked by type in a second step so the error can name the message.
 */
export const ObservationBatchSchema = z.strictObject({
  batch_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _')
    .optional(),
  observe_type: z.enum(OBSERVE_TYPES).default('OBSERVE_TYPE_UNSPECIFIED'),
  messages: z
    .array(z.strictObject({ type_url: z.string().max(200), payload: z.unknown() }))
    .min(1, 'must hold at least one message')
    .max(MAX_MESSAGES_PER_BATCH, `must hold at most ${MAX_MESSAGES_PER_BATCH} messages`),
});
export type ObservationBatch = z.infer<typeof ObservationBatchSchema>;

export type ParsedObservation =
  | { typeName: 'RegistrationObservation'; payload: RegistrationObservation }
  | { typeName: 'ComponentObservation'; payload: ComponentObservation }
  | {
      typeName:
        | 'CandidateSpotlightObservation'
        | 'CandidateSpotlightTextResponseObservation'
        | 'CandidateSpotlightAudioResponseObservation'
        | 'CandidateSpotlightV4Observation';
      payload:
        | CandidateSpotlightObservation
        | z.infer<typeof CandidateSpotlightTextResponseObservationSchema>
        | z.infer<typeof CandidateSpotlightAudioResponseObservationSchema>
        | z.infer<typeof CandidateSpotlightV4ObservationSchema>;
    }
  | { typeName: 'CandidateBoostObservation'; payload: CandidateBoostObservation };

export function isObservationTypeName(name: string): name is ObservationTypeName {
  return (OBSERVATION_TYPE_NAMES as readonly string[]).includes(name);
}
