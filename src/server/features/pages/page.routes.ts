import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_REDIRECT_PATH } from '../../../shared/registration/enums';
import type { ContentPageProps, LandingPageProps } from '../../../shared/page-props';
import { PROJECT_ROOT } from '../../plugins/ssr';
import { sendNotFound } from '../../shared/refusals';
import { queryText, type RoutesApp } from '../../shared/route-contracts';
import { contentPathOf, loadContentPages } from './content-pages';

const LandingQuerySchema = z.object({ closed_job_redirect: queryText.optional() });

export const CONTENT_PAGES_DIR = path.join(PROJECT_ROOT, 'content/pages');

/**
 * The content pages ship with the build and never change while it runs: read once per process, not
 * once per app (a process that builds many apps, as the tests do, read and rendered them each time).
 */
let contentPagesOnce: ReturnType<typeof loadContentPages> | undefined;

export default async function pageRoutes(app: RoutesApp) {
  contentPagesOnce ??= loadContentPages(CONTENT_PAGES_DIR);
  const contentPages = contentPagesOnce;

  app.get('/', { schema: { querystring: LandingQuerySchema } }, async (request, reply) => {
    // A visitor's landing page is kept (cacheForVisitors below): sent before any other work.
    const kept = reply.sendKeptPage();
    if (kept) return kept;
    const { query } = request;
    // Spec 2.1: after sign-in the landing page goes to Suggested Jobs (the closed-job notice goes along).
    if (request.user) {
      const closed = query.closed_job_redirect === '1';
      return reply.header('cache-control', 'private, no-store').redirect(`${DEFAULT_REDIRECT_PATH}${closed ? '?closed_job_redirect=1' : ''}`, 302);
    }
    const props: LandingPageProps = { showClosedJobAlert: query.closed_job_redirect === '1' };
    return reply.renderPage('landing', props, {
      title: 'Jobwise',
      description: 'Search jobs near you and get job matches made for you. Sign up or log in with a one-time code.',
      canonicalPath: '/',
      pageType: 'job search home',
      cacheForVisitors: true,
    });
  });

  // Content pages live in the not-found handler, so a real route registered later for the same path wins.
  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const content = isRead ? contentPages.get(contentPathOf(request.url)) : undefined;
    if (content) {
      const props: ContentPageProps = { title: content.title, html: content.html };
      return reply.renderPage('content', props, {
        title: content.title,
        description: content.description,
        canonicalPath: content.path,
        pageType: content.pageType,
        cacheForVisitors: true,
      });
    }
    const wantsHtml = isRead && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) return reply.renderPage('not-found', {}, { title: 'Page not found', status: 404, noIndex: true });
    return sendNotFound(reply);
  });
}
