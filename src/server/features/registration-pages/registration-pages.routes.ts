import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { EmailSchema } from '../../../shared/registration/contracts';
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import { DEFAULT_REDIRECT_PATH } from '../../../shared/registration/enums';
import { OTP_LENGTH_MESSAGE, SIGN_IN_FORM_PATHS, type RegistrationPageProps, type SignInFormStep, type SignInPageKind } from '../../../shared/registration/pages';
import { ownPath } from '../../../shared/own-path';
import { onboardingPath } from '../../../shared/seeker/onboarding';
import { OTP_FORM_MESSAGES, registrationErrorMessage } from '../../../shared/registration/statuses';
import { optionalQuery, type RoutesApp } from '../../shared/route-contracts';
import { findAccountByEmail } from '../accounts/account-repository';
import { HTTP_STATUS_FOR, type AnsweredStatus } from '../../shared/status-replies';
import { sendSignInCode } from '../registration/sign-in-codes';
import { checkSignInEmail, signInWithCode } from '../registration/sign-in.service';
import type { SessionSide } from '../sessions/session-repository';
import { requestLocation } from '../tracking/location';
import { confirmsAndOptsIn } from '../../../shared/registration/country';
import { FIRST_RUN_PATHS, SIGN_UP_DEFAULT_NEXT } from '../../../shared/employer-jobs/first-run';

const text = z.string().max(2048).optional();
const LoginQuerySchema = z.object({
  onboarding_method: optionalQuery(z.string().max(200)),
  realm: optionalQuery(z.string().max(50)),
  next: optionalQuery(z.string().max(2048)),
  /** Partial login (spec 4.3, decision 0097): the address is known, the page sends its code at once. */
  login_hint: optionalQuery(EmailSchema),
});
const RegisterQuerySchema = z.object({ next: optionalQuery(z.string().max(2048)) });

// The plain form posts of the two pages (no script, or a submit before the page's script ran).
const PageKindSchema = z.enum(['login', 'register', 'employer']).catch('login');
const EmailStepSchema = z.object({
  email: z.string().max(1000).default(''),
  next: text,
  kind: PageKindSchema,
  /** The code step's Resend code button posts the email again with this set. */
  resend: z.string().max(10).optional(),
  /** "1" from /user/create: its answers show the sign-up page's words (decision 0297). */
  signup: z.literal('1').optional().catch(undefined),
});
const CodeStepSchema = z.object({
  email: z.string().max(1000),
  code: z.string().max(100).default(''),
  next: text,
  kind: PageKindSchema,
  explicit_opt_in: z.literal('yes').optional(),
  /** "1" from the confirmation step (a new address whose code was right): make the account. */
  confirmed: z.enum(['0', '1']).catch('0'),
  signup: z.literal('1').optional().catch(undefined),
});

const SwitchSideSchema = z.object({ side: z.enum(['seeker', 'employer']), next: text });

const CODE_PATTERN = /^\d{6}$/;

/** Only our own paths, normalised; anything else (other hosts, "/.//evil", junk) goes to the default of the side. */
export function redirectTarget(next: string | undefined, kind: SignInPageKind = 'login'): string {
  return ownPath(next) ?? (kind === 'employer' ? COMPANY_PATHS.employerHome : DEFAULT_REDIRECT_PATH);
}

/** The side of the site a page signs people in on (decision 0100). */
function sideOf(kind: SignInPageKind): SessionSide {
  return kind === 'employer' ? 'employer' : 'seeker';
}

const PAGES = {
  login: {
    page: 'seeker-login',
    variant: 'jobseekerLoginPage',
    source: 'jobseeker_login_page',
    title: 'Log in',
    description: 'Log in or sign up as a job seeker with a one-time code sent to your email.',
    canonicalPath: '/authn/login',
  },
  register: {
    page: 'seeker-register',
    variant: 'landingPage',
    source: 'jobseeker_register_page',
    title: 'Sign up',
    description: 'Create your free Jobwise job seeker account with just your email.',
    canonicalPath: '/jobseeker/register',
  },
  employer: {
    page: 'employer-login',
    variant: 'employerLoginPage',
    source: 'employer_login_page',
    title: 'Employer Login',
    description: 'Log in or create your free Jobwise employer account with a one-time code sent to your email, then post your jobs.',
    canonicalPath: COMPANY_PATHS.employerLogin,
  },
} as const;

/** /user/create (spec 2.1): the employer sign-in's forms and code, worded for a new employer (decision 0297). */
const EMPLOYER_SIGN_UP = {
  title: 'Create your employer account',
  description: 'Create your free Jobwise employer account with a one-time code sent to your email, then set up your company and post your first job.',
  canonicalPath: FIRST_RUN_PATHS.signUp,
} as const;

function renderSignInPage(
  reply: FastifyReply,
  kind: SignInPageKind,
  options: { redirectUrl: string; componentId?: string; realm?: string | null; form?: SignInFormStep; status?: number; noIndex?: boolean; prefillEmail?: string; signedInAs?: string; signUp?: boolean },
) {
  const signUp = kind === 'employer' && options.signUp === true;
  const page = signUp ? { ...PAGES.employer, ...EMPLOYER_SIGN_UP } : PAGES[kind];
  const props: RegistrationPageProps = {
    kind,
    variant: page.variant,
    source: page.source,
    componentId: options.componentId ?? page.source,
    redirectUrl: options.redirectUrl,
    realm: options.realm ?? null,
    form: options.form ?? null,
    ...(options.prefillEmail ? { prefillEmail: options.prefillEmail } : {}),
    ...(kind === 'employer' ? { signedInAs: options.signedInAs ?? null } : {}),
    ...(signUp ? { signUp: true } : {}),
  };
  return reply.renderPage(page.page, props, {
    title: page.title,
    description: page.description,
    canonicalPath: page.canonicalPath,
    minimalFooter: true,
    noIndex: options.noIndex || Boolean(options.form) || Boolean(options.prefillEmail),
    status: options.status,
    noStore: Boolean(options.form || options.prefillEmail || options.signedInAs),
  });
}

/** The status of an answer that shows an error, with Retry-After when the error has one. */
function errorStatus(reply: FastifyReply, status: AnsweredStatus, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return HTTP_STATUS_FOR[status];
}

/** Canadian visitors confirm a new account and tick email alerts themselves (decisions 0032, 0085). */
function asksConfirmation(country: string): boolean {
  return confirmsAndOptsIn(country);
}

/** The registration flow as pages: /authn/login (the header's Log In) and /jobseeker/register. */
export default async function registrationPageRoutes(app: RoutesApp) {
  app.get('/authn/login', { schema: { querystring: LoginQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const redirectUrl = redirectTarget(query.next);
    if (request.user) return reply.redirect(redirectUrl);
    return renderSignInPage(reply, 'login', {
      redirectUrl,
      // The onboarding method names the link that brought the person here (header, footer).
      componentId: query.onboarding_method?.replace(/[^\w.-]/g, '').slice(0, 100) || undefined,
      realm: query.realm ?? null,
      noIndex: Boolean(query.next),
      prefillEmail: query.login_hint,
    });
  });

  app.get('/jobseeker/register', { schema: { querystring: RegisterQuerySchema } }, async (request, reply) => {
    const redirectUrl = redirectTarget(request.query.next);
    if (request.user) return reply.redirect(redirectUrl);
    return renderSignInPage(reply, 'register', { redirectUrl });
  });

  // The employer side (decision 0100): the same forms and code, signing in on the employer side. A
  // person signed in as a job seeker is offered to continue as an employer without a new code.
  app.get(COMPANY_PATHS.employerLogin, { schema: { querystring: RegisterQuerySchema } }, async (request, reply) => {
    const { next } = request.query;
    const redirectUrl = redirectTarget(next, 'employer');
    if (request.user?.side === 'employer') return reply.redirect(redirectUrl);
    return renderSignInPage(reply, 'employer', { redirectUrl, noIndex: Boolean(next), signedInAs: request.user?.email });
  });

  // The start of employer sign-up (spec 2.1, decision 0297): without a `next` of our own it leads to
  // the company, the hiring-needs survey and the first job; with one, the company and then there.
  app.get(FIRST_RUN_PATHS.signUp, { schema: { querystring: RegisterQuerySchema } }, async (request, reply) => {
    const { next } = request.query;
    const redirectUrl = ownPath(next) ?? SIGN_UP_DEFAULT_NEXT;
    if (request.user?.side === 'employer') return reply.header('cache-control', 'private, no-store').redirect(redirectUrl, 303);
    return renderSignInPage(reply, 'employer', { redirectUrl, noIndex: Boolean(next), signedInAs: request.user?.email, signUp: true });
  });

  app.post(COMPANY_PATHS.switchSide, { config: { requireRole: 'seeker' }, schema: { body: SwitchSideSchema } }, async (request, reply) => {
    const { body } = request;
    await app.switchSessionSide(request, body.side);
    const next = body.side === 'employer' ? redirectTarget(body.next, 'employer') : redirectTarget(body.next);
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });

  // Email step: send a code (or a new one), then ask for it.
  app.post(SIGN_IN_FORM_PATHS.email, { config: { clientRateLimit: true }, schema: { body: EmailStepSchema } }, async (request, reply) => {
    const { body } = request;
    const redirectUrl = redirectTarget(body.next, body.kind);
    if (request.user && (body.kind !== 'employer' || request.user.side === 'employer')) return reply.redirect(redirectUrl, 303);
    const checked = checkSignInEmail(body.email);
    if (!checked.ok) {
      return renderSignInPage(reply, body.kind, { signUp: body.signup === '1',
        redirectUrl,
        form: { step: 'email', email: body.email.trim(), error: checked.message },
        status: errorStatus(reply, checked.status),
      });
    }
    // The same code step whether or not the address has an account (issue 14, decision 0085): that is
    // told only once the code is right. The mail alone may greet an account: only its reader sees it.
    const isNewAccount = !(await findAccountByEmail(app.db, checked.emailNormalized));
    const codeStep = (fields: { resendError?: string; notice?: string } = {}): SignInFormStep => ({
      step: 'code',
      email: checked.email,
      error: null,
      resendError: fields.resendError ?? null,
      notice: fields.notice ?? null,
    });
    const details = JSON.stringify({ search_context: null });
    const outcome = await sendSignInCode(app, { ...checked, isNewAccount, details });
    if (outcome.sent) return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: codeStep(body.resend ? { notice: 'A new code is on its way.' } : {}) });

    const status = errorStatus(reply, outcome.status, 'retryAfterSeconds' in outcome ? outcome.retryAfterSeconds : undefined);
    // Spec 8's words for a resend that did not work; the code sent before still works.
    if (body.resend) return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: codeStep({ resendError: OTP_FORM_MESSAGES.resendFailed }), status });
    // A second Continue within a minute of the first (a double click, a reload): that code is on its way.
    if (outcome.status === 'RATE_LIMITING_THROTTLED') return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: codeStep() });
    return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: { step: 'email', email: checked.email, error: registrationErrorMessage(outcome.status) }, status });
  });

  // Code step: sign in and go where the person was going; the offers need script and are skipped.
  app.post(SIGN_IN_FORM_PATHS.code, { config: { clientRateLimit: true }, schema: { body: CodeStepSchema } }, async (request, reply) => {
    const { body } = request;
    const redirectUrl = redirectTarget(body.next, body.kind);
    const checked = checkSignInEmail(body.email);
    if (!checked.ok) {
      return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: { step: 'email', email: '', error: checked.message }, status: errorStatus(reply, checked.status) });
    }
    const country = requestLocation(app, request).country;
    const confirmed = body.confirmed === '1';
    const codeStep = (error: string): SignInFormStep => ({ step: 'code', email: checked.email, error, resendError: null, notice: null });
    const code = body.code.trim();
    if (!CODE_PATTERN.test(code)) return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: codeStep(OTP_LENGTH_MESSAGE), status: 400 });
    const result = await signInWithCode(app, request, reply, {
      email: checked.email,
      code,
      explicitOptIn: body.explicit_opt_in === 'yes',
      countryCode: country || null,
      confirmationRequired: body.kind !== 'employer' && asksConfirmation(country) && !confirmed,
      side: sideOf(body.kind),
    });
    if (result.ok) {
      // A new job seeker goes through onboarding first, then on to where they were going, as after the
      // script's sign-up (decision 0234); onboarding's steps are plain forms too.
      const target = result.created && body.kind !== 'employer' ? onboardingPath(redirectUrl, DEFAULT_REDIRECT_PATH) : redirectUrl;
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    }
    if (result.status === 'REGISTRATION_CONFIRMATION_REQUIRED') {
      return renderSignInPage(reply, body.kind, { signUp: body.signup === '1', redirectUrl, form: { step: 'confirm', email: checked.email, code, showEmailAlerts: asksConfirmation(country) } });
    }
    const message =
      result.status === 'RATE_LIMITING_ERROR'
        ? registrationErrorMessage(result.status)
        : result.status === 'OTP_EXPIRED_ERROR'
          ? OTP_FORM_MESSAGES.expired
          : OTP_FORM_MESSAGES.invalid;
    return renderSignInPage(reply, body.kind, { signUp: body.signup === '1',
      redirectUrl,
      form: codeStep(message),
      status: errorStatus(reply, result.status, 'retryAfterSeconds' in result ? result.retryAfterSeconds : undefined),
    });
  });

  // The form paths answer posts; a reload or a bookmark of one goes back to its page.
  app.get(SIGN_IN_FORM_PATHS.email, async (_request, reply) => reply.redirect('/authn/login', 303));
  app.get(SIGN_IN_FORM_PATHS.code, async (_request, reply) => reply.redirect('/authn/login', 303));
  app.get(COMPANY_PATHS.switchSide, async (_request, reply) => reply.redirect(COMPANY_PATHS.employerLogin, 303));
}
