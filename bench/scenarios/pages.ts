import type { BenchScenario, LoadOptions } from '../harness';

/**
 * Issue 18: the pages a visitor lands on from a search engine, rendered by the app on each request
 * (landing.ts is the cached one). The server seeds its default demo jobs; the job page is the first
 * result of the results page's search, found once the server is up.
 */
export const RESULTS_PAGE_PATH = '/jobs-search?search=driver';

export const resultsPageScenario: BenchScenario = {
  name: 'results-page',
  description: 'GET /jobs-search?search=... (results page, visitor)',
  load: { method: 'GET', path: RESULTS_PAGE_PATH },
};

export const jobPageScenario: BenchScenario = {
  name: 'job-page',
  description: 'GET /job/... (a job page, visitor)',
  load: { method: 'GET', path: '/job/' },
  async resolveLoad(appUrl): Promise<LoadOptions> {
    const html = await (await fetch(appUrl + RESULTS_PAGE_PATH)).text();
    const path = /href="(\/job\/[a-z0-9-]+)"/.exec(html)?.[1];
    if (!path) throw new Error(`no job link on ${RESULTS_PAGE_PATH}`);
    return { method: 'GET', path };
  },
};
