import './company-logo.css';

/** Up to two initials of a company's name: "Golden State Care" → "GS", "acme" → "A". */
export function monogramOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('en-US'))
    .join('');
}

/** One of the token palette's logo tints, the same for a name every time. */
export function monogramTint(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % MONOGRAM_TINTS;
}
export const MONOGRAM_TINTS = 6;

/**
 * A company's logo, or its monogram on a tint when it has none. Decorative: the company's name is
 * always written beside it.
 */
export function CompanyLogo({ name, logoUrl = null, size = 'medium' }: { name: string; logoUrl?: string | null; size?: 'medium' | 'large' }) {
  const className = `company-logo company-logo-${size}`;
  if (logoUrl) return <img className={className} src={logoUrl} alt="" width={size === 'large' ? 64 : 44} height={size === 'large' ? 64 : 44} loading="lazy" decoding="async" />;
  return (
    <span className={`${className} company-logo-tint-${monogramTint(name)}`} aria-hidden="true">
      {monogramOf(name)}
    </span>
  );
}
