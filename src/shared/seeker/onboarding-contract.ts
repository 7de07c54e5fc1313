// The onboarding form's posts (decision 0234): one question a post, or a skip. zod, so server only
// (and tests); the page chunk uses onboarding.ts.
import { z } from 'zod';
import { EMPLOYMENT_TYPES, MIN_PAY_CHOICES, RADIUS_MILES } from '../jobs/enums';
import { MAX_WANTED_TITLES, ONBOARDING_STEPS, REMOTE_CHOICES } from './onboarding';

/** A repeated field arrives as an array, a single one as a string, none as undefined. */
const list = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()));

export const ONBOARDING_MESSAGES = {
  titleTooLong: 'A job title can be at most 100 characters.',
  tooManyTitles: `Choose up to ${MAX_WANTED_TITLES} job titles.`,
  locationTooLong: 'A place can be at most 100 characters.',
  locationUnknown: 'We could not find that place. Try a city and state, or a ZIP code.',
  radius: 'Choose a distance from the list.',
  pay: 'Choose a lowest pay from the list, or skip this question.',
  types: 'Choose job types from the list.',
  remote: 'Choose how you feel about remote work.',
  unknown: 'Check your answer, or skip this question.',
} as const;

const titles = list.transform((values) => values.map((value) => value.replace(/\s+/g, ' ').trim()).filter(Boolean));

export const OnboardingPostSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('titles'),
    skip: z.string().optional(),
    title: titles
      .refine((values) => values.every((value) => value.length <= 100), ONBOARDING_MESSAGES.titleTooLong)
      .refine((values) => values.length <= MAX_WANTED_TITLES, ONBOARDING_MESSAGES.tooManyTitles),
  }),
  z.object({
    step: z.literal('place'),
    skip: z.string().optional(),
    location: z.string().max(100, ONBOARDING_MESSAGES.locationTooLong).default('').transform((value) => value.replace(/\s+/g, ' ').trim()),
    radius: z.coerce
      .number({ message: ONBOARDING_MESSAGES.radius })
      .refine((value) => (RADIUS_MILES as readonly number[]).includes(value), ONBOARDING_MESSAGES.radius)
      .optional(),
  }),
  z.object({
    step: z.literal('pay'),
    skip: z.string().optional(),
    min_pay: z
      .string()
      .optional()
      .refine((value) => value === undefined || value === '' || (MIN_PAY_CHOICES as readonly number[]).includes(Number(value)), ONBOARDING_MESSAGES.pay)
      .transform((value) => (value ? Number(value) : null)),
  }),
  z.object({
    step: z.literal('types'),
    skip: z.string().optional(),
    type: list.refine((values) => values.every((value) => (EMPLOYMENT_TYPES as readonly string[]).includes(value)), ONBOARDING_MESSAGES.types),
    remote: z.enum(REMOTE_CHOICES, { message: ONBOARDING_MESSAGES.remote }).optional(),
  }),
]);
export type OnboardingPost = z.infer<typeof OnboardingPostSchema>;

export const OnboardingQuerySchema = z
  .object({
    step: z.enum(ONBOARDING_STEPS).optional().catch(undefined),
    next: z.string().max(2048).optional().catch(undefined),
  })
  .catch({ step: undefined, next: undefined });
