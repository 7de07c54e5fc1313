// Props of the pages that host the registration forms in the FORM container. No imports.

/** Which page hosts the forms: /authn/login, /jobseeker/register, or the employer side's /authn/employer/login. */
export type SignInPageKind = 'login' | 'register' | 'employer';

/**
 * Where the pages' forms post when the browser runs no script (or before it has): the email step
 * sends a code, the code step signs in and redirects. With script, the flow makes the JSON calls.
 */
export const SIGN_IN_FORM_PATHS = { email: '/authn/login/email', code: '/authn/login/code' } as const;

/** Spec 5: a code shorter than six digits (the OTP form's own message, shared with the server's form path). */
export const OTP_LENGTH_MESSAGE = 'Must reach 6 characters';

/** A step answered by the server after a plain form post. */
export type SignInFormStep =
  | { step: 'email'; email: string; error: string }
  | {
      step: 'code';
      email: string;
      /** About the code typed (wrong, expired, too short). */
      error: string | null;
      /** About Resend code (too soon, or the mail could not be sent): not the code field's fault. */
      resendError: string | null;
      notice: string | null;
    }
  | {
      /**
       * The code was right and the address has no account yet (a Canadian visitor): the confirmation
       * form, asked only now so that nobody learns without the code whether an account exists (decision 0085).
       */
      step: 'confirm';
      email: string;
      /** The right code, posted again with the confirmation. */
      code: string;
      /** Canadian visitors opting in to email alerts themselves (decision 0032). */
      showEmailAlerts: boolean;
    };

export interface RegistrationPageProps {
  kind: SignInPageKind;
  variant: 'jobseekerLoginPage' | 'landingPage' | 'employerLoginPage';
  source: 'jobseeker_login_page' | 'jobseeker_register_page' | 'employer_login_page';
  componentId: string;
  /** Where the flow ends: `next` when it is our own path, else /jobseeker/home. */
  redirectUrl: string;
  realm: string | null;
  /** Set when the page answers a plain form post. */
  form: SignInFormStep | null;
  /** Partial login: the address from login_hint; the flow sends its code once, by itself (spec 4.3). */
  prefillEmail?: string;
  /**
   * The employer login opened by a person signed in as a job seeker: they continue as an employer
   * with one button, no new code (decision 0100). Their address; null otherwise.
   */
  signedInAs?: string | null;
  /** /user/create: the employer page worded for a new employer, its forms marked so answers keep the words (decision 0297). */
  signUp?: boolean;
}
