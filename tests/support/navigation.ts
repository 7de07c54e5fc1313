import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CookieJar } from './registration-helpers';

/** Where a GET comes from, as a browser says it in Sec-Fetch-Site (decision 0226). */
export type FetchSite = 'same-origin' | 'none' | 'same-site' | 'cross-site';

/**
 * A GET as a browser sends it for a top-level navigation: a link followed on one of our pages
 * ('same-origin', the default), an address typed or opened from another app ('none'), or a link on
 * another site ('cross-site').
 */
export async function navigate(app: FastifyInstance, url: string, options: { jar?: CookieJar; site?: FetchSite; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: {
      'sec-fetch-site': options.site ?? 'same-origin',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      ...(options.jar ? { cookie: options.jar.header() } : {}),
      ...options.headers,
    },
  });
}
