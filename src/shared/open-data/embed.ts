// A company's jobs on its own careers page (issue 48, decision 0268): an iframe of our embed page and a
// few lines of script that the employer pastes with it, so the host page runs no script of ours.

/** The embed page of a company's open jobs. */
export function embedPath(slug: string): string {
  return `/embed/companies/${encodeURIComponent(slug)}`;
}

/** The message the embed page posts to its parent with its height. */
export const EMBED_HEIGHT_MESSAGE = 'jobwise-embed-height';

/** An accent colour as the embed takes it: six hex digits, no '#'. */
export const EMBED_ACCENT_PATTERN = /^[0-9a-fA-F]{6}$/;

/**
 * What an employer copies: the iframe, and a listener that sets its height from the embed page's
 * messages, only from our origin and only from that frame.
 */
export function embedSnippet({ publicUrl, slug, name, accent }: { publicUrl: string; slug: string; name: string; accent?: string }): string {
  const id = `jobwise-jobs-${slug.replace(/[^a-z0-9-]/gi, '')}`;
  const src = `${publicUrl}${embedPath(slug)}${accent && EMBED_ACCENT_PATTERN.test(accent) ? `?accent=${accent}` : ''}`;
  const title = `Jobs at ${name}`.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
  const origin = new URL(publicUrl).origin;
  return [
    `<iframe id="${id}" src="${src}" title="${title}" loading="lazy" style="width:100%;height:640px;border:0"></iframe>`,
    '<script>',
    'addEventListener("message", function (event) {',
    `  var frame = document.getElementById("${id}");`,
    `  if (event.origin !== "${origin}" || !frame || event.source !== frame.contentWindow) return;`,
    `  if (event.data && event.data.type === "${EMBED_HEIGHT_MESSAGE}" && typeof event.data.height === "number") frame.style.height = Math.min(event.data.height, 20000) + "px";`,
    '});',
    '</script>',
  ].join('\n');
}
