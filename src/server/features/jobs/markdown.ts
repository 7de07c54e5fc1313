import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../plugins/ssr';

/**
 * Job descriptions are Markdown written by employers and shown to everyone, so two layers keep them
 * harmless: marked renders with raw HTML turned into visible text, and sanitize-html then keeps only
 * headings, paragraphs, lists, emphasis and links (http, https and mailto; rel="nofollow ugc"),
 * never an attribute but href, so no style, script or event handler can arrive by any route.
 * Headings start at h2 because the job page's h1 is the job title.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    heading(token: Tokens.Heading) {
      const level = Math.min(4, token.depth + 1);
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
    image(token: Tokens.Image) {
      // Images would load from anywhere (tracking pixels): the alternative text stays.
      return escapeHtml(token.text);
    },
  },
});

const ALLOWED_TAGS = ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'blockquote', 'code', 'pre', 'hr'];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // rel is always the one transformTags sets: whatever arrives is replaced.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'nofollow ugc' } }),
  },
};

/** Sanitised HTML of a job description written in Markdown. */
export function renderJobMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

/**
 * The description as plain text for full-text search, result snippets and email: one line per block,
 * list items as "- item" (the shape the demo listings' descriptions have).
 */
export function markdownPlainText(source: string): string {
  const html = renderJobMarkdown(source)
    .replace(/<li>/g, '- ')
    .replace(/<\/(p|li|h2|h3|h4|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/g, '\n');
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Every link target in the description (for deciding whether an edit goes back to review). */
export function markdownLinks(source: string): string[] {
  const links: string[] = [];
  for (const match of renderJobMarkdown(source).matchAll(/<a href="([^"]*)"/g)) links.push(match[1]!.replace(/&amp;/g, '&'));
  return links;
}
