import { z } from 'zod';
import { COMPANY_LIMITS, COMPANY_MESSAGES, INDUSTRIES, SIZE_BANDS } from './constants';

const website = z
  .string()
  .trim()
  .max(COMPANY_LIMITS.websiteMax, COMPANY_MESSAGES.websiteTooLong)
  .refine((text) => text === '' || isWebAddress(text), COMPANY_MESSAGES.websiteInvalid)
  .transform((text) => (text === '' ? null : new URL(text).toString()));

/** An http(s) address with a host that has a dot (a real site, not "http://localhost" or "javascript:"). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The company profile form (create and edit). Each field's message names the field in words. */
export const CompanyProfileSchema = z.object({
  name: z.string().trim().min(1, COMPANY_MESSAGES.nameRequired).max(COMPANY_LIMITS.nameMax, COMPANY_MESSAGES.nameTooLong),
  website,
  size_band: z.enum(SIZE_BANDS, { error: COMPANY_MESSAGES.sizeBandRequired }),
  industry: z.enum(INDUSTRIES, { error: COMPANY_MESSAGES.industryRequired }),
  description: z.string().trim().max(COMPANY_LIMITS.descriptionMax, COMPANY_MESSAGES.descriptionTooLong).default(''),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;
export const COMPANY_PROFILE_FIELDS = ['name', 'website', 'size_band', 'industry', 'description'] as const;
export type CompanyProfileField = (typeof COMPANY_PROFILE_FIELDS)[number];

/** The owner invites a colleague, who joins as a recruiter (one owner a company: decision 0100). */
export const InviteSchema = z.object({
  email: z.string().trim().min(1, COMPANY_MESSAGES.inviteEmailInvalid).max(75, COMPANY_MESSAGES.inviteEmailInvalid).pipe(z.email(COMPANY_MESSAGES.inviteEmailInvalid)),
});
export type InviteRequest = z.infer<typeof InviteSchema>;
