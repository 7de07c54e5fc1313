import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const LandingQuerySchema = z.object({ closed_job_redirect: z.string().optional() }).loose();

export interface LandingPageProps {
  showClosedJobAlert: boolean;
}

export default async function pageRoutes(app: FastifyInstance) {
  app.get('/', async (request, reply) => {
    const query = LandingQuerySchema.safeParse(request.query);
    const props: LandingPageProps = { showClosedJobAlert: query.success && query.data.closed_job_redirect === '1' };
    return reply.renderPage('landing', props, {
      title: 'Jobwise',
      description: 'Search jobs near you and get job matches made for you. Sign up or log in with a one-time code.',
      canonicalPath: '/',
      pageType: 'job search home',
      cacheForVisitors: true,
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) return reply.renderPage('not-found', {}, { title: 'Page not found', status: 404, noIndex: true });
    return reply.status(404).send({ status: 'NOT_FOUND', error: 'Not found', error_message: 'Not found' });
  });
}
