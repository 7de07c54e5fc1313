// Spec 4.3 and 5: redirects go only to our own paths. No imports: safe for first-load code.

/** Non-empty, starts with one /, and parses as a path on our own origin. */
export function isSafeRedirect(url: string | null | undefined): url is string {
  if (!url) return false;
  if (!url.startsWith('/')) return false;
  // "//evil.example" and "/\evil.example" are read by browsers as another host.
  if (url.startsWith('//') || url.startsWith('/\\')) return false;
  // Control characters and spaces: browsers strip some of them, which can change the host.
  if (/\s/.test(url) || [...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  try {
    const base = 'https://jobwise.invalid';
    return new URL(url, base).origin === base;
  } catch {
    return false;
  }
}
