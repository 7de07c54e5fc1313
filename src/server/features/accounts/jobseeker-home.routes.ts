import type { FastifyInstance } from 'fastify';
import type { JobseekerHomePageProps } from '../../../web/pages/jobseeker-home-page';

export const JOBSEEKER_HOME_PATH = '/jobseeker/home';

/** Suggested Jobs needs a session; a visitor is sent to log in and brought back afterwards. */
export default async function jobseekerHomeRoutes(app: FastifyInstance) {
  app.get(JOBSEEKER_HOME_PATH, async (request, reply) => {
    if (!request.user) {
      return reply.header('cache-control', 'no-store').redirect(`/authn/login?next=${encodeURIComponent(JOBSEEKER_HOME_PATH)}`, 303);
    }
    const props: JobseekerHomePageProps = { email: request.user.email };
    return reply.renderPage('jobseeker-home', props, { title: 'Suggested Jobs', pageType: 'jobseeker home', noIndex: true });
  });
}
