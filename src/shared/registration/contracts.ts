// Request and response schemas of spec sections 3 and 7. The server validates with them; the
// client types its calls with them. (Zod is heavy: import this only from code loaded on demand.)
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_VERIFICATION_VARIANTS, ERROR_CATEGORIES, REGISTRATION_METHODS } from './enums';
import { REGISTRATION_STATUSES } from './statuses';
import { SearchContextSchema } from '../seeker/search-context';

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Email is invalid',
  tooLong: `The maximum character limit is ${EMAIL_MAX_LENGTH}`,
} as const;

/** Spec 5: trimmed, required, valid, at most 75 characters, with the spec's messages. */
export const EmailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ error: EMAIL_MESSAGES.invalid }));

export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export const RegistrationMethodSchema = z.enum(REGISTRATION_METHODS);

const optionalText = (max: number) => z.string().max(max).optional();

/** Spec 3: tracking metadata sent with a registration. */
export const RegistrationMetadataSchema = z.object({
  visitId: optionalText(100),
  countryCode: optionalText(2),
});

export const RegistrationRequestSchema = z.object({
  metadata: RegistrationMetadataSchema.default({}),
  form_data: z.object({
    email: z.string().max(1000),
    /** Unused: accounts have no passwords. Accepted and ignored for contract compatibility. */
    password: optionalText(200),
    explicit_opt_in: z.boolean().optional(),
  }),
  listing_key: optionalText(200),
  listing_version_key: optionalText(200),
  source: optionalText(100),
  component_id: optionalText(100),
  method: RegistrationMethodSchema.default('EMAIL'),
  redirect_url: optionalText(2048),
  enable_one_time_password: z.boolean().default(true),
  registration_confirmation_required: z.boolean().default(false),
  email_verification_required: z.literal(true).default(true),
  email_validation_required: z.boolean().default(false),
  /** Registering from a results page: the search becomes an email job alert (decision 0073). */
  search_context: SearchContextSchema.optional(),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
export type RegistrationRequestInput = z.input<typeof RegistrationRequestSchema>;

export const RegistrationResponseSchema = z.object({
  status: RegistrationStatusSchema,
  contact_id: z.string().optional(),
  credential_update_id: z.string().optional(),
  error_message: z.string().optional(),
  ptid: z.string().optional(),
  email_verification_experiment_variant: z.enum(EMAIL_VERIFICATION_VARIANTS).optional(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

export const OtpValidationRequestSchema = z.object({
  email: z.string().max(1000),
  one_time_password: z.string().max(100).transform((code) => code.trim()),
  meta_data: RegistrationMetadataSchema.default({}),
  listing_key: optionalText(200),
  listing_version_key: optionalText(200),
  source: optionalText(100),
  component_id: optionalText(100),
  method: RegistrationMethodSchema.default('EMAIL'),
  redirect_url: optionalText(2048),
  explicit_opt_in: z.boolean().optional(),
  /**
   * regConfirm: a right code for an address without an account answers REGISTRATION_CONFIRMATION_REQUIRED
   * instead of signing in; the confirmation form's Continue sends the same code with false (decision 0085).
   */
  registration_confirmation_required: z.boolean().default(false),
});
export type OtpValidationRequest = z.infer<typeof OtpValidationRequestSchema>;
export type OtpValidationRequestInput = z.input<typeof OtpValidationRequestSchema>;

export const OtpValidationResponseSchema = z.object({
  status: RegistrationStatusSchema,
  error_message: z.string().optional(),
  contact_id: z.string().optional(),
  credential_update_id: z.string().optional(),
  ptid: z.string().optional(),
  /** Told only after a right code (decision 0085): the account was made by this sign-in. */
  is_new_registration: z.boolean().optional(),
});
export type OtpValidationResponse = z.infer<typeof OtpValidationResponseSchema>;

export const TrackingMetaSchema = z.object({
  city: z.string(),
  region: z.string(),
  country: z.string(),
  visitId: z.string(),
  ptid: z.string(),
});
export type TrackingMeta = z.infer<typeof TrackingMetaSchema>;

export const EmailResubscribeRequestSchema = z.object({
  email: z.string().max(1000).optional(),
  source: optionalText(100),
  component_id: optionalText(100),
  meta_data: RegistrationMetadataSchema.optional(),
  method: RegistrationMethodSchema.optional(),
});
export const EmailResubscribeResponseSchema = z.object({
  status: z.enum(['EMAIL_RESUBSCRIBE_SUCCESS', 'EMAIL_RESUBSCRIBE_ERROR']),
  error_message: z.string().optional(),
});
export type EmailResubscribeResponse = z.infer<typeof EmailResubscribeResponseSchema>;

export const CandidateSpotlightEligibilitySchema = z.object({ show_candidate_spotlight: z.boolean() });
export type CandidateSpotlightEligibility = z.infer<typeof CandidateSpotlightEligibilitySchema>;
export const ResubscribeEligibilitySchema = z.object({ missing_email_prefs: z.boolean() });
export type ResubscribeEligibility = z.infer<typeof ResubscribeEligibilitySchema>;

export const EMAIL_VALIDATION_TEST_VALUES = ['local_only', 'local_and_mailgun'] as const;
export const EmailValidationExperimentSchema = z.object({
  experiment: z.string(),
  variant: z.string(),
  shouldPerformLocalValidation: z.boolean(),
  shouldPerformMailgunValidation: z.boolean(),
});
export type EmailValidationExperiment = z.infer<typeof EmailValidationExperimentSchema>;

/** Spec 3: email validation (the server-side, Mailgun-style check). */
export const EmailValidationRequestSchema = z.object({
  email: z.string().max(1000),
  meta_data: RegistrationMetadataSchema.optional(),
  source: optionalText(100),
  component_id: optionalText(100),
});
export const EmailValidationResponseSchema = z.object({
  status: z.enum(['MAILGUN_EMAIL_VALIDATION_SUCCESS', 'MAILGUN_EMAIL_VALIDATION_INVALID_OR_UNCERTAIN']),
  error_message: z.string().optional(),
});

export const SMS_CONSENT_TEXT =
  'By clicking Continue, you agree to receive recurring automated job alert texts from Jobwise at the number provided. Message and data rates may apply. Message frequency varies. Reply STOP to cancel. Consent is not required to apply for jobs.';

export const SmsOptInRequestSchema = z.object({
  consent_action: z.literal('next'),
  phone: z.string().trim().min(1).max(40),
  reg_method: optionalText(100),
});

export const ErrorReportRequestSchema = z.object({
  description: z.string().trim().min(1).max(4000),
  category: z.enum(ERROR_CATEGORIES).default('other'),
  error_message: optionalText(2000),
  path: optionalText(2048),
  form_type: optionalText(50),
});
