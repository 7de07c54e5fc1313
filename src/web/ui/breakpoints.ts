/**
 * The breakpoints of spec 9, in CSS px (decision 0258). A custom property cannot stand in a media
 * query, so CSS writes these numbers itself (styles/base.css lists them); TypeScript builds its media
 * queries from here.
 */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280, wide: 1367, xxl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** This width and wider. */
export const fromWidth = (breakpoint: Breakpoint): string => `(min-width: ${BREAKPOINTS[breakpoint]}px)`;

/** Narrower than this width: ends 0.02 px below it, as the CSS does, so no width matches both sides. */
export const belowWidth = (breakpoint: Breakpoint): string => `(max-width: ${BREAKPOINTS[breakpoint] - 0.02}px)`;
