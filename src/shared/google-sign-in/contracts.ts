// Google sign-in (spec 7: POST /authn/jobseeker/google_login_or_reg). The server validates with the
// schema; the client imports only types from here (`import type`) and values from constants.ts, so
// zod stays off the page.
import { z } from 'zod';
import { GOOGLE_SIGN_IN_MESSAGES, GOOGLE_TOKEN_MAX_LENGTH } from './constants';

export { GOOGLE_SIGN_IN_MESSAGES, GOOGLE_SIGN_IN_PATH, GOOGLE_TOKEN_MAX_LENGTH } from './constants';

const optionalText = (max: number) => z.string().max(max).optional();

/** Form fields of spec 7; explicit_opt_in comes as the text "true" or "false". */
export const GoogleSignInRequestSchema = z.object({
  token: z
    .string({ error: GOOGLE_SIGN_IN_MESSAGES.tokenMissing })
    .trim()
    .min(1, GOOGLE_SIGN_IN_MESSAGES.tokenMissing)
    .max(GOOGLE_TOKEN_MAX_LENGTH, GOOGLE_SIGN_IN_MESSAGES.tokenTooLong),
  source: optionalText(100),
  component_id: optionalText(100),
  redirect_url: optionalText(2048),
  listing_version_key: optionalText(200),
  listing_key: optionalText(200),
  explicit_opt_in: z
    .union([z.enum(['true', 'false']), z.boolean()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === true || value === 'true')),
});
export type GoogleSignInRequest = z.infer<typeof GoogleSignInRequestSchema>;

/** The answer, success or not: `errorMessage` is null on success. */
export interface GoogleSignInResponse {
  success: boolean;
  errorMessage: string | null;
  isNewRegistration: boolean;
  /** The accepted redirect_url, echoed so the client can go there; absent when none was sent. */
  redirectUrl?: string;
}
