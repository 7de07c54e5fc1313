import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ViteDevServer } from 'vite';
import { audienceFor, PAGE_DATA_ELEMENT_ID, ROOT_ELEMENT_ID, type Audience, type PageData, type ShellData } from '../../shared/page-data';
import { pageViewLabel } from '../../shared/analytics/page-labels';
import { THEME_HEAD_SCRIPT } from '../../shared/theme';
import type { PageName, PagePropsMap } from '../../shared/page-props';
import { googleClientIdFor } from '../features/google-sign-in/client-ids';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');
const SERVER_ENTRY = path.join(PROJECT_ROOT, 'dist/server/entry-server.js');
const CLIENT_ENTRY_SOURCE = 'src/web/entry-client.tsx';

export interface RenderOptions {
  title: string;
  description?: string;
  status?: number;
  /** Path of the canonical URL (joined to PUBLIC_URL). */
  canonicalPath?: string;
  /** Page type set by the server; it overrides the path's page-view label (spec 2.1). */
  pageType?: string;
  audience?: Audience;
  minimalFooter?: boolean;
  /** Extra trusted markup for <head> (for example a JSON-LD block). */
  head?: string;
  /** The picture a shared link shows (our own path or an absolute URL); the Jobwise card by default. */
  shareImage?: string;
  /**
   * For visitors without a session the same URL gives the same bytes: keep the rendered page (for good
   * with `true`; a page built from jobs with `{ maxAgeMs }`, decision 0183). Signed-in people never get
   * a kept page, and a page rendered for one is never kept.
   */
  cacheForVisitors?: boolean | VisitorCacheOptions;
  noIndex?: boolean;
  /** An answer to a form post (it shows what was typed): never kept by a cache or the back button's store. */
  noStore?: boolean;
}

/** A page built from data that changes (jobs): kept a short while, and forgotten by forgetVisitorPages(). */
export interface VisitorCacheOptions {
  maxAgeMs: number;
  /** Handed to sendKeptPage's onHit on every answer from memory (what the page counts per view). */
  note?: unknown;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Renders a page with its props, checked by type against the page-props map (src/shared/page-props.ts). */
    renderPage<P extends PageName>(page: P, props: PagePropsMap[P], options: RenderOptions): Promise<FastifyReply>;
    /**
     * Sends the page kept for a visitor at this URL (cacheForVisitors with maxAgeMs) and calls onHit
     * with its note; null (nothing sent) for a signed-in person, or when no fresh page is kept.
     */
    sendKeptPage<Note>(onHit?: (note: Note) => void): FastifyReply | null;
  }
  interface FastifyInstance {
    /**
     * Drops the kept pages built from jobs: a job changed (decision 0183). Pages kept for good stay.
     * Every other instance drops its own too, through what shareVisitorPageForgets set (decision 0281).
     */
    forgetVisitorPages(): void;
    /** Moves on at every forgetVisitorPages(): other answers kept for visitors (feeds) compare it. */
    visitorPagesGeneration(): number;
    /** Drops this instance's kept pages only: another instance made the change, or the news of it may be lost. */
    forgetVisitorPagesHere(): void;
    /** Sets how forgetVisitorPages() tells the other instances (the visitor-pages feature); never throws. */
    shareVisitorPageForgets(tellOthers: () => void): void;
  }
}

interface KeptPage {
  html: Buffer;
  status: number;
  /** Infinity for a page kept for good. */
  expires: number;
  /** forgetVisitorPages() moves the generation on; a page with a maxAge from an older one is stale. */
  generation: number;
  note: unknown;
}

/** At most this many pages, and this many bytes of them (a results page is about 60 KB). */
const CACHE_LIMIT = 1000;
const CACHE_BYTES_LIMIT = 32 * 1024 * 1024;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface PageAssets {
  /** The page's own module: the client entry imports it by this address before hydrating. */
  module: string;
  scripts: string[];
  preloads: string[];
  styles: string[];
}

interface Renderer {
  render(data: PageData): Promise<string>;
  renderFooter(shell: ShellData): string;
  /** The page's scripts, styles and preloads; a signed-in person's also preload the header's signed-in parts. */
  assets(page: PageName, signedIn: boolean): PageAssets;
  transform(url: string, html: string): Promise<string>;
}

export interface SsrOptions {
  dev?: boolean;
  /**
   * What a signed-in person's shell adds: the bell's count and the employer's workspace. Plugins know no
   * feature, so app.ts hands the lookups in; visitors cost nothing.
   */
  signedInShell?: (user: NonNullable<FastifyRequest['user']>, path: string) => Promise<Pick<ShellData, 'unreadNotifications' | 'employer' | 'canSwitchToEmployer' | 'isAdmin' | 'seekerNav'>>;
}

async function ssrPlugin(app: FastifyInstance, options: SsrOptions) {
  const renderer = options.dev ? await developmentRenderer(app) : await productionRenderer(app);
  // Kept as bytes: a string would be encoded again for every visitor (a fifth of GET / in its profile).
  const cache = new Map<string, KeptPage>();
  let cachedBytes = 0;
  let generation = 0;
  const forget = (key: string, entry: KeptPage) => {
    cache.delete(key);
    cachedBytes -= entry.html.length;
  };
  const keep = (key: string, entry: KeptPage) => {
    const known = cache.get(key);
    if (known) forget(key, known);
    // Oldest first (a Map iterates in insertion order).
    for (const [oldKey, old] of cache) {
      if (cache.size < CACHE_LIMIT && cachedBytes + entry.html.length <= CACHE_BYTES_LIMIT) break;
      forget(oldKey, old);
    }
    cache.set(key, entry);
    cachedBytes += entry.html.length;
  };
  /** A kept page still good to send, or undefined (a stale one is dropped). */
  const keptPage = (key: string): KeptPage | undefined => {
    const entry = cache.get(key);
    if (!entry) return undefined;
    if (entry.expires === Infinity || (entry.generation === generation && entry.expires > app.now())) return entry;
    forget(key, entry);
    return undefined;
  };
  const sendHtml = (reply: FastifyReply, html: string | Buffer, status: number, cacheControl: string) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', cacheControl).send(html);

  let tellOthers: () => void = () => undefined;
  app.decorate('forgetVisitorPages', () => {
    generation += 1;
    tellOthers();
  });
  app.decorate('forgetVisitorPagesHere', () => {
    generation += 1;
  });
  app.decorate('shareVisitorPageForgets', (tell: () => void) => {
    tellOthers = tell;
  });
  app.decorate('visitorPagesGeneration', () => generation);

  app.decorateReply('sendKeptPage', function sendKeptPage<Note>(this: FastifyReply, onHit?: (note: Note) => void): FastifyReply | null {
    const request = this.request;
    if (request.user) return null;
    const entry = keptPage(visitorCacheKey(app, request));
    if (!entry) return null;
    onHit?.(entry.note as Note);
    return sendHtml(this, entry.html, entry.status, 'no-cache');
  });

  app.decorateReply('renderPage', async function renderPage<P extends PageName>(this: FastifyReply, page: P, props: PagePropsMap[P], opts: RenderOptions) {
    const request = this.request;
    const status = opts.status ?? 200;
    const cacheControl = request.user ? 'private, no-store' : opts.noStore ? 'no-store' : 'no-cache';
    const cacheKey = opts.cacheForVisitors && !request.user ? visitorCacheKey(app, request) : null;
    const kept = cacheKey ? keptPage(cacheKey) : undefined;
    if (kept) return sendHtml(this, kept.html, kept.status, cacheControl);
    const shell = shellData(app, request, opts);
    if (request.user && options.signedInShell) Object.assign(shell, await options.signedInShell(request.user, request.url));
    const data: PageData = { page, props, shell };
    const body = await renderer.render(data);
    const html = await renderer.transform(request.url, documentHtml(app, page, data, body, renderer.renderFooter(shell), opts, renderer.assets(page, Boolean(request.user))));
    if (!cacheKey || !opts.cacheForVisitors) return sendHtml(this, html, status, cacheControl);
    const maxAgeMs = opts.cacheForVisitors === true ? Infinity : opts.cacheForVisitors.maxAgeMs;
    if (maxAgeMs <= 0) return sendHtml(this, html, status, cacheControl);
    const entry: KeptPage = {
      html: Buffer.from(html),
      status,
      expires: maxAgeMs === Infinity ? Infinity : app.now() + maxAgeMs,
      generation,
      note: opts.cacheForVisitors === true ? undefined : opts.cacheForVisitors.note,
    };
    keep(cacheKey, entry);
    return sendHtml(this, entry.html, status, cacheControl);
  });
}

/**
 * What a visitor's page depends on besides its URL: the year in the footer and the Google client id,
 * which differs by host name. Everything else in a visitor's shell is the same for every visitor.
 */
function visitorCacheKey(app: FastifyInstance, request: FastifyRequest): string {
  const year = new Date(app.now()).getUTCFullYear();
  return `${request.url}\u0000${year}\u0000${googleClientIdFor(app.config, request.hostname) ?? ''}`;
}

function shellData(app: FastifyInstance, request: FastifyRequest, opts: RenderOptions): ShellData {
  const user = request.user;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : request.url.slice(queryAt);
  return {
    audience: opts.audience ?? audienceFor(user),
    user: user ? { email: user.email, side: user.side } : null,
    year: new Date(app.now()).getUTCFullYear(),
    ratingClaimDate: app.config.RATING_CLAIM_DATE,
    accessibilityEmail: app.config.ACCESSIBILITY_EMAIL,
    showLogoCredit: app.config.SHOW_LOGO_CREDIT,
    minimalFooter: opts.minimalFooter ?? false,
    pageViewLabel: pageViewLabel(pathname, search, opts.pageType ?? null),
    eventLogPath: app.config.EVENT_LOG_PATH,
    googleSignIn: googleSignInShell(app, request),
  };
}

function googleSignInShell(app: FastifyInstance, request: FastifyRequest): ShellData['googleSignIn'] {
  const clientId = googleClientIdFor(app.config, request.hostname);
  return clientId ? { clientId, scriptUrl: app.config.GOOGLE_GSI_SCRIPT_URL } : null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script> data block. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The default picture of a shared link: public/og-image.png (scripts/make-icons.mjs draws it). */
export const SHARE_IMAGE_PATH = '/og-image.png';

/**
 * Open Graph and Twitter card tags (issue 45): a shared link shows the page's title, description and a
 * picture. Only indexable pages are meant to be shared; the rest get none.
 */
function socialTags(publicUrl: string, opts: RenderOptions): string {
  if (opts.noIndex || opts.noStore) return '';
  const image = opts.shareImage ?? SHARE_IMAGE_PATH;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', 'Jobwise'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', opts.title],
    ...(opts.description ? ([['property', 'og:description', opts.description]] as Array<[string, string, string]>) : []),
    ...(opts.canonicalPath ? ([['property', 'og:url', publicUrl + opts.canonicalPath]] as Array<[string, string, string]>) : []),
    ['property', 'og:image', /^https?:\/\//.test(image) ? image : publicUrl + image],
    ['name', 'twitter:card', opts.shareImage ? 'summary' : 'summary_large_image'],
  ];
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`).join('');
}

function documentHtml(app: FastifyInstance, page: PageName, data: PageData, body: string, footer: string, opts: RenderOptions, assets: PageAssets): string {
  const title = opts.title === 'Jobwise' ? 'Jobwise' : `${opts.title} | Jobwise`;
  const head = [
    '<meta charset="utf-8">',
    // viewport-fit=cover: the safe-area insets are known, so fixed bars clear a phone's home indicator (decision 0301).
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    // Before the stylesheets: the chosen theme is set when they first apply (decision 0258).
    `<script>${THEME_HEAD_SCRIPT}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    opts.description ? `<meta name="description" content="${escapeHtml(opts.description)}">` : '',
    opts.canonicalPath ? `<link rel="canonical" href="${escapeHtml(app.config.PUBLIC_URL + opts.canonicalPath)}">` : '',
    opts.noIndex ? '<meta name="robots" content="noindex">' : '',
    '<meta name="theme-color" content="#12161c">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    socialTags(app.config.PUBLIC_URL, opts),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    // The page's chunks at low priority: the browser fetches the stylesheets first and paints the
    // server-rendered page before hydration's code competes for the connection (decision 0337).
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
    ...assets.scripts.map((src) => `<script type="module" src="${src}"></script>`),
    opts.head ?? '',
  ]
    .filter(Boolean)
    .join('');
  return (
    `<!doctype html><html lang="en" data-page="${page}" data-page-module="${escapeHtml(assets.module)}"><head>${head}</head><body>` +
    `<div id="${ROOT_ELEMENT_ID}">${body}</div>${footer}` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${serializeForScript(data)}</script>` +
    '</body></html>'
  );
}

async function productionRenderer(app: FastifyInstance): Promise<Renderer> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error('The client build is missing: run `npm run build` first (dist/client/.vite/manifest.json).');
  }
  const serverEntry = (await import(/* @vite-ignore */ SERVER_ENTRY)) as {
    render(data: PageData): Promise<string>;
    renderFooter(shell: ShellData): string;
    pageSources: Record<PageName, string>;
    signedInPartsSource: string;
  };

  // The build's hashed files never change under their names: one route answers them all, from disk.
  await app.register(fastifyStatic, {
    root: path.join(CLIENT_DIST, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    preCompressed: true,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // The few files at the root (icons, the manifest, media) keep their names, so they are cached for an
  // hour. Each gets its own route, and nothing else at the root reaches the disk: every other path goes
  // on to the pages and the not-found handler. Their compressed copies are sent for them, not routed.
  await app.register(fastifyStatic, {
    root: CLIENT_DIST,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    preCompressed: true,
    index: false,
    decorateReply: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=3600');
    },
  });

  // Each page is an entry of the client build (vite.config.ts), so each has its own module.
  const unbuilt = [...Object.values(serverEntry.pageSources), serverEntry.signedInPartsSource].filter((source) => !manifest[source]);
  if (unbuilt.length > 0) throw new Error(`The client build has no chunk for ${unbuilt.join(', ')}: run \`npm run build\`.`);

  const collect = (key: string, seen: Set<string>, out: PageAssets) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    out.preloads.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) out.styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) collect(imported, seen, out);
  };
  const assetsByPage = new Map<string, PageAssets>();
  const assets = (page: PageName, signedIn: boolean): PageAssets => {
    const key = `${page}${signedIn ? ' signed-in' : ''}`;
    const known = assetsByPage.get(key);
    if (known) return known;
    const out: PageAssets = { module: `/${manifest[serverEntry.pageSources[page]]!.file}`, scripts: [], preloads: [], styles: [] };
    const seen = new Set<string>();
    collect(CLIENT_ENTRY_SOURCE, seen, out);
    const entryFile = out.preloads.shift();
    if (entryFile) out.scripts.push(entryFile);
    collect(serverEntry.pageSources[page], seen, out);
    if (signedIn) collect(serverEntry.signedInPartsSource, seen, out);
    const unique: PageAssets = { ...out, preloads: [...new Set(out.preloads)], styles: [...new Set(out.styles)] };
    assetsByPage.set(key, unique);
    return unique;
  };
  return { render: serverEntry.render, renderFooter: serverEntry.renderFooter, assets, transform: async (_url, html) => html };
}

async function developmentRenderer(app: FastifyInstance): Promise<Renderer> {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite: ViteDevServer = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());
  type ServerEntry = { render(data: PageData): Promise<string>; renderFooter(shell: ShellData): string; pageSources: Record<PageName, string> };
  const serverEntry = () => vite.ssrLoadModule('/src/web/entry-server.tsx') as Promise<ServerEntry>;
  let entry = await serverEntry();
  return {
    async render(data) {
      // Loaded again each time, so an edit shows at the next request; the footer below uses the same load.
      entry = await serverEntry();
      return entry.render(data);
    },
    renderFooter: (shell) => entry.renderFooter(shell),
    assets: (page) => ({ module: `/${entry.pageSources[page]}`, scripts: ['/src/web/entry-client.tsx'], preloads: [], styles: [] }),
    transform: (url, html) => vite.transformIndexHtml(url, html),
  };
}

export default fp(ssrPlugin, { name: 'ssr', dependencies: ['config'] });
