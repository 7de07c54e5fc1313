// Google sign-in constants for both sides. No imports: safe for code on the page.

export const GOOGLE_SIGN_IN_PATH = '/authn/jobseeker/google_login_or_reg';

/** Google ID tokens are about 1 KB; anything past this is not one, and is refused before any work. */
export const GOOGLE_TOKEN_MAX_LENGTH = 4096;

export const GOOGLE_SIGN_IN_MESSAGES = {
  tokenMissing: 'The Google sign-in token is missing.',
  tokenTooLong: `The Google sign-in token is too long (at most ${GOOGLE_TOKEN_MAX_LENGTH} characters).`,
  redirectRefused: 'The redirect address must be a path on this site.',
  notConfigured: 'Google sign-in is not available.',
} as const;
