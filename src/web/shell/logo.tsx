/** The Jobwise mark and word; decorative, the link around it carries the name. */
export function Logo() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f7a45" />
      <path d="M9 20.5c0 3 2 4.5 4.6 4.5 3.1 0 4.9-1.9 4.9-5.4V7h-3.7v12.4c0 1.6-.5 2.4-1.5 2.4-.9 0-1.4-.7-1.5-1.7z" fill="#fff" />
      <circle cx="23.5" cy="9" r="2.5" fill="#fff" />
    </svg>
  );
}
