// Google sign-in constants for both sides. No imports: safe for code on the page.

export const GOOGLE_SIGN_IN_PATH = '/authn/jobseeker/google_login_or_reg';
/** GET: a nonce for Google's ID token, bound to this browser by a cookie, good once (decision 0087). */
export const GOOGLE_NONCE_PATH = '/authn/jobseeker/google_nonce';

/** Google ID tokens are about 1 KB; anything past this is not one, and is refused before any work. */
export const GOOGLE_TOKEN_MAX_LENGTH = 4096;

export const GOOGLE_SIGN_IN_MESSAGES = {
  tokenMissing: 'The Google sign-in token is missing.',
  tokenTooLong: `The Google sign-in token is too long (at most ${GOOGLE_TOKEN_MAX_LENGTH} characters).`,
  redirectRefused: 'The redirect address must be a path on this site.',
  notConfigured: 'Google sign-in is not available.',
  /** An account already has this address and Google does not vouch for its domain: prove the mailbox first. */
  confirmByCode:
    'An account with this email already exists. Continue with your email and the code we send you; your Google sign-in will be linked after that.',
} as const;
