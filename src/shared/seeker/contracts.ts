// Schemas of the job seeker's actions (zod: import only from the server and from code loaded on demand).
import { z } from 'zod';
import { normalizePhone, PHONE_INVALID_MESSAGE, PHONE_MAX_LENGTH } from '../phone';
import { ALERT_FREQUENCIES } from './constants';

/**
 * The save toggle (spec 7): form-encoded, archive=0 saves and archive=1 unsaves. The job is named by
 * its listing key, the field the registration flow's save action already sends (decision 0070).
 */
export const ToggleSaveRequestSchema = z.object({
  archive: z.enum(['0', '1']),
  listing_key: z.string().trim().min(1).max(200),
  /** A page posting the form without JavaScript comes back here afterwards. */
  next: z.string().max(2048).optional(),
});

export const ToggleSaveResponseSchema = z.object({
  status: z.enum(['SAVED', 'UNSAVED']),
  saved: z.boolean(),
  error_message: z.string().optional(),
});

export const JobActionRequestSchema = z.object({
  listing_key: z.string().trim().min(1).max(200),
});

/** Apply (decision 0233): `resume=none` sends the application without the stored résumé. */
export const ApplyRequestSchema = JobActionRequestSchema.extend({
  resume: z.enum(['stored', 'none']).optional().catch(undefined),
});

export const ApplyResponseSchema = z.object({
  status: z.enum(['APPLIED', 'ALREADY_APPLIED', 'PROFILE_INCOMPLETE', 'JOB_CLOSED', 'SIGN_IN_REQUIRED', 'APPLICATION_LIMIT', 'ANSWERS_REQUIRED', 'RESUME_REQUIRED']),
  error_message: z.string().optional(),
  message: z.string().optional(),
  profile_url: z.string().optional(),
  /** The apply steps (page or dialog) that ask for what is missing (decision 0233). */
  apply_url: z.string().optional(),
  /** Whether the application went with a résumé. */
  with_resume: z.boolean().optional(),
});
export type ApplyResponse = z.infer<typeof ApplyResponseSchema>;

export const PROFILE_MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: 'The maximum character limit is 100',
  phoneInvalid: PHONE_INVALID_MESSAGE,
  locationRequired: 'Enter your city and state, or a ZIP code',
  locationTooLong: 'The maximum character limit is 100',
  headlineTooLong: 'The maximum character limit is 120',
} as const;

export const ProfileSchema = z.object({
  full_name: z.string().trim().min(1, PROFILE_MESSAGES.nameRequired).max(100, PROFILE_MESSAGES.nameTooLong),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, PROFILE_MESSAGES.phoneInvalid)
    .transform((text, ctx) => {
      const phone = normalizePhone(text);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  location: z.string().trim().min(1, PROFILE_MESSAGES.locationRequired).max(100, PROFILE_MESSAGES.locationTooLong),
  headline: z.string().trim().max(120, PROFILE_MESSAGES.headlineTooLong).default(''),
  next: z.string().max(2048).optional(),
});
export type ProfileInput = z.input<typeof ProfileSchema>;

export const AlertSchema = z.object({
  search: z.string().trim().max(200).default(''),
  location: z.string().trim().max(100).default(''),
  radius: z.coerce.number().pipe(z.union([z.literal(5), z.literal(10), z.literal(25), z.literal(50), z.literal(100)])).default(25),
  frequency: z.enum(ALERT_FREQUENCIES).default('daily'),
});

