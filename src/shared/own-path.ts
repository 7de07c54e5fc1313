// Spec 4.3 and 5: redirects go only to our own paths. The one rule for every redirect target read
// from a request or a page (`next`, `redirect_url`, a Referer). No imports: safe for first-load code.

const CHECK_ORIGIN = 'https://jobwise.invalid';
const MAX_LENGTH = 2048;

// Browsers drop tabs and newlines from a URL and read "\" as "/", so "/\t/evil" and "/\evil" both
// become "//evil": refuse every control character, space and backslash rather than guess the repair.
// eslint-disable-next-line no-control-regex
const REFUSED_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/**
 * The path a browser would follow, normalised (dot segments resolved, characters percent-encoded),
 * or null when that is not a path on our own site. Normalise first, then check: "/.//evil.example"
 * normalises to "//evil.example", which a browser reads as another host.
 */
export function ownPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || REFUSED_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, CHECK_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== CHECK_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  // Something down the line may decode once more: "/%2F%2Fevil" and "/%5Cevil" would then lead away.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/^[/\\]{2}/.test(decoded.replace(/[\u0000-\u0020\u007f]/g, ''))) return null;
  return path;
}

/** True when the value is already its own normalised form, so it can be used as given. */
export function isOwnPath(value: unknown): value is string {
  return typeof value === 'string' && ownPath(value) === value;
}
