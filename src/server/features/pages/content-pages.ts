import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { z } from 'zod';
import { expandBlocks } from './content-blocks';

/** Front matter of a content file: `key: value` lines between two `---` lines. */
export const FrontMatterSchema = z.object({
  title: z.string().min(1).max(120),
  description: z.string().min(20).max(300),
  /** A page type from spec 2.1, logged with the page view. */
  pageType: z.string().min(1).optional(),
});

export interface ContentPage extends z.infer<typeof FrontMatterSchema> {
  path: string;
  html: string;
}

const marked = new Marked({
  gfm: true,
  renderer: {
    // Links that leave Jobwise open in a new tab and say so; our own paths stay plain links.
    link({ href, text }) {
      const external = /^https?:\/\//.test(href);
      const attributes = external ? ' target="_blank" rel="noopener noreferrer"' : '';
      const note = external ? '<span class="visually-hidden"> (opens in a new tab)</span>' : '';
      return `<a href="${escapeAttribute(href)}"${attributes}>${text}${note}</a>`;
    },
  },
});

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function parseContentFile(source: string, file: string): { meta: z.infer<typeof FrontMatterSchema>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${file}: missing front matter (--- title/description ---)`);
  const fields = Object.fromEntries(
    match[1]!.split('\n').flatMap((line) => {
      const colon = line.indexOf(':');
      return colon > 0 ? [[line.slice(0, colon).trim(), line.slice(colon + 1).trim()]] : [];
    }),
  );
  const parsed = FrontMatterSchema.safeParse(fields);
  if (!parsed.success) throw new Error(`${file}: bad front matter: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return { meta: parsed.data, body: match[2]! };
}

/**
 * Reads every `content/pages/**\/<slug>.md` once, at start-up, keyed by URL path:
 * `careers/engineering.md` answers `/careers/engineering`. A bad file stops the start with its name.
 * A `{{name}}` line is a block of the product's data (content-blocks.ts), expanded here once.
 */
export function loadContentPages(root: string): Map<string, ContentPage> {
  const pages = new Map<string, ContentPage>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, file).split(path.sep).join('/');
    const urlPath = `/${relative.slice(0, -'.md'.length)}`;
    const { meta, body } = parseContentFile(readFileSync(file, 'utf8'), relative);
    pages.set(urlPath, { ...meta, path: urlPath, html: marked.parse(expandBlocks(body, relative), { async: false }) });
  }
  return pages;
}

/** The path part of a request URL, without query, fragment or a trailing slash. */
export function contentPathOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}
