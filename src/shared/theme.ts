/**
 * The colour theme (decision 0258). No stored choice means "follow the system" (prefers-color-scheme);
 * a stored "light" or "dark" becomes data-theme on <html>, which styles/base.css reads.
 */
export const THEME_STORAGE_KEY = 'jobwise-theme';
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * The inline script at the top of every page's <head>: the stored choice is on <html> before the body
 * paints, so a chosen theme never flashes the other one. It is the same for every visitor (pages are
 * kept per URL), and the CSP allows exactly this text by its sha256 hash (security-headers.ts): an edit
 * here changes the hash with it.
 */
export const THEME_HEAD_SCRIPT =
  `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');` +
  `if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;
