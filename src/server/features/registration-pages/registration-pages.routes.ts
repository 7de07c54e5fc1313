import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_REDIRECT_PATH } from '../../../shared/registration/enums';
import type { RegistrationPageProps } from '../../../shared/registration/pages';
import { isSafeRedirect } from '../../../shared/registration/redirect';

const text = z.string().max(2048).optional();
const LoginQuerySchema = z.object({ onboarding_method: z.string().max(200).optional(), realm: z.string().max(50).optional(), next: text }).loose();
const RegisterQuerySchema = z.object({ next: text }).loose();

/** Only our own paths; anything else (other hosts, "//evil", junk) goes to the default. */
export function redirectTarget(next: string | undefined): string {
  return isSafeRedirect(next) ? next : DEFAULT_REDIRECT_PATH;
}

/** The registration flow as pages: /authn/login (the header's Log In) and /jobseeker/register. */
export default async function registrationPageRoutes(app: FastifyInstance) {
  app.get('/authn/login', async (request, reply) => {
    const parsed = LoginQuerySchema.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const redirectUrl = redirectTarget(query.next);
    if (request.user) return reply.redirect(redirectUrl);
    const props: RegistrationPageProps = {
      variant: 'jobseekerLoginPage',
      source: 'jobseeker_login_page',
      // The onboarding method names the link that brought the person here (header, footer).
      componentId: query.onboarding_method?.replace(/[^\w.-]/g, '').slice(0, 100) || 'jobseeker_login_page',
      redirectUrl,
      realm: query.realm ?? null,
    };
    return reply.renderPage('jobseeker-login', props, {
      title: 'Log in',
      description: 'Log in or sign up as a job seeker with a one-time code sent to your email.',
      canonicalPath: '/authn/login',
      minimalFooter: true,
      noIndex: Boolean(query.next),
    });
  });

  app.get('/jobseeker/register', async (request, reply) => {
    const parsed = RegisterQuerySchema.safeParse(request.query);
    const redirectUrl = redirectTarget(parsed.success ? parsed.data.next : undefined);
    if (request.user) return reply.redirect(redirectUrl);
    const props: RegistrationPageProps = {
      variant: 'landingPage',
      source: 'jobseeker_register_page',
      componentId: 'jobseeker_register_page',
      redirectUrl,
      realm: null,
    };
    return reply.renderPage('jobseeker-register', props, {
      title: 'Sign up',
      description: 'Create your free Jobwise job seeker account with just your email.',
      canonicalPath: '/jobseeker/register',
      minimalFooter: true,
    });
  });
}
