// A company's open jobs for its own careers page (issue 48, decision 0268): a page made to be framed,
// the only one whose CSP lets another site frame it, and the small script it runs to tell its parent its
// height. The page is plain server-written HTML: no bundle, no cookies read, nothing personal.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EMBED_ACCENT_PATTERN, EMBED_HEIGHT_MESSAGE, embedPath } from '../../../shared/open-data/embed';
import { escapeHtml } from '../../plugins/ssr';
import { sendNotFound } from '../../shared/refusals';
import { optionalQuery, queryText, type RoutesApp } from '../../shared/route-contracts';
import { companyPath, findCompanyBySlug, type CompanyRow } from '../companies/company.service';
import { employmentTypeLabel, formatPay, formatPlace } from '../jobs/job-view';
import { jobPath } from '../jobs/slugs';
import { createKeptAnswers } from './kept-answers';
import { companyOpenJobs, type PublishedJob } from './open-jobs.repository';

export const EMBED_SCRIPT_PATH = '/embed/frame.js';
/** More jobs than any plan keeps live at once. */
const EMBED_JOBS_LIMIT = 500;
const DEFAULT_ACCENT = '1f7a45';

const EmbedParamsSchema = z.object({ slug: z.string().min(1).max(120) });
// A careers page's link may carry anything: a malformed value is read as absent.
const EmbedQuerySchema = z.object({
  q: optionalQuery(queryText.pipe(z.string().max(100))),
  location: optionalQuery(queryText.pipe(z.string().max(100))),
  accent: optionalQuery(queryText.pipe(z.string().regex(EMBED_ACCENT_PATTERN))),
});

/**
 * Posts the page's height to the frame's parent whenever it changes; the host's snippet sets it. The
 * body's own height: the document's scroll height is never less than the frame, so a frame could grow
 * but never shrink to a short list.
 */
const FRAME_SCRIPT = `(function () {
  function send() { parent.postMessage({ type: ${JSON.stringify(EMBED_HEIGHT_MESSAGE)}, height: Math.ceil(document.body.getBoundingClientRect().height) }, '*'); }
  addEventListener('load', send);
  if ('ResizeObserver' in window) new ResizeObserver(send).observe(document.body);
})();
`;

/** The page's own styles in the company's accent colour; allowed by their hash in this page's CSP alone. */
function embedStyles(accent: string): string {
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(accent.slice(at, at + 2), 16) / 255);
  // Dark text on a light accent, white on a dark one (relative luminance, WCAG).
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  const onAccent = luminance > 0.4 ? '#12161c' : '#ffffff';
  return [
    `:root{--accent:#${accent};--on-accent:${onAccent};color-scheme:light}`,
    'body{margin:0;padding:12px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#12161c;background:transparent}',
    'form{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:0 0 12px}',
    'label{display:flex;flex-direction:column;font-size:14px;font-weight:600;flex:1 1 180px}',
    'input,select{font:inherit;padding:8px;border:1px solid #8a94a3;border-radius:6px;margin-top:4px;min-height:44px;box-sizing:border-box}',
    'button{font:inherit;font-weight:600;padding:8px 16px;min-height:44px;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);cursor:pointer}',
    'ul{list-style:none;margin:0;padding:0}',
    'li{border-top:1px solid #d5dae1;padding:12px 0;display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}',
    'li a.title{font-weight:600;color:#12161c}',
    'p.facts{margin:2px 0 0;color:#4a5361;font-size:14px}',
    'a.apply{align-self:center;padding:6px 14px;border:2px solid var(--accent);border-radius:6px;color:#12161c;text-decoration:none;font-weight:600}',
    '.count,.credit{font-size:14px;color:#4a5361}',
    '.credit a{color:inherit}',
    '.vh{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  ].join('\n');
}

export default async function embedRoutes(app: RoutesApp) {
  const kept = createKeptAnswers(app);
  const publicUrl = app.config.PUBLIC_URL;
  const maxAgeSeconds = app.config.JOB_PAGES_CACHE_SECONDS;

  app.get(EMBED_SCRIPT_PATH, async (_request, reply) => {
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(FRAME_SCRIPT);
  });

  app.get('/embed/companies/:slug', { schema: { params: EmbedParamsSchema, querystring: EmbedQuerySchema } }, async (request, reply) => {
    const company = await findCompanyBySlug(app.db, request.params.slug);
    if (!company) return sendNotFound(reply, { cacheControl: 'no-store' });
    const query = { q: (request.query.q ?? '').trim(), location: (request.query.location ?? '').trim(), accent: (request.query.accent ?? DEFAULT_ACCENT).toLowerCase() };
    const styles = embedStyles(query.accent);
    const answer = await kept(`embed\u0000${company.id}\u0000${query.q}\u0000${query.location}\u0000${query.accent}`, maxAgeSeconds * 1000, async () => {
      const jobs = await companyOpenJobs(app.db, company.id, null, EMBED_JOBS_LIMIT);
      return embedPage(company, jobs, query, styles, publicUrl);
    });
    const styleHash = createHash('sha256').update(styles).digest('base64');
    reply.removeHeader('x-frame-options');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', `public, max-age=${maxAgeSeconds}`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'sha256-${styleHash}'; script-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors *`,
      )
      .send(answer.body);
  });
}

/** Words all found in the title, company or description, and the place as the list shows it. */
function matches(job: PublishedJob, words: string[], place: string): boolean {
  if (place && formatPlace(job) !== place) return false;
  const text = `${job.title} ${job.company_name} ${job.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function embedPage(company: CompanyRow, jobs: PublishedJob[], query: { q: string; location: string; accent: string }, styles: string, publicUrl: string): string {
  const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  const places = [...new Set(jobs.map((job) => formatPlace(job)))].sort((a, b) => a.localeCompare(b));
  const shown = jobs.filter((job) => matches(job, words, query.location));
  const open = (href: string) => `href="${escapeHtml(href)}" target="_blank" rel="noopener"`;
  const items = shown.map((job) => {
    const href = publicUrl + jobPath(job);
    const facts = [formatPlace(job), formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency), employmentTypeLabel(job.employment_type)];
    return `<li><div><a class="title" ${open(href)}>${escapeHtml(job.title)}</a><p class="facts">${escapeHtml(facts.join(' · '))}</p></div><a class="apply" ${open(href)} aria-label="Apply for ${escapeHtml(job.title)} on Jobwise">Apply</a></li>`;
  });
  const option = (value: string, label: string) => `<option value="${escapeHtml(value)}"${value === query.location ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const count = shown.length === 1 ? '1 open job' : `${shown.length} open jobs`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Jobs at ${escapeHtml(company.name)}</title><style>${styles}</style><script src="${EMBED_SCRIPT_PATH}" defer></script></head>
<body>
<main>
<h1 class="vh">Jobs at ${escapeHtml(company.name)}</h1>
<form method="get" action="${escapeHtml(embedPath(company.slug))}" role="search" aria-label="Search jobs at ${escapeHtml(company.name)}">
<label>Search<input type="search" name="q" value="${escapeHtml(query.q)}" maxlength="100"></label>
<label>Place<select name="location">${option('', 'All places')}${places.map((place) => option(place, place)).join('')}</select></label>
${query.accent !== DEFAULT_ACCENT ? `<input type="hidden" name="accent" value="${escapeHtml(query.accent)}">` : ''}<button type="submit">Search</button>
</form>
<p class="count" role="status">${count}</p>
<ul>${items.join('')}</ul>
<p class="credit">Jobs at <a ${open(publicUrl + companyPath(company))}>${escapeHtml(company.name)}</a> on <a ${open(publicUrl)}>Jobwise</a></p>
</main>
</body></html>
`;
}
