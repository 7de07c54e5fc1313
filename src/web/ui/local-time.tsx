// A time in the viewer's own time zone (decision 0294). The server renders it in UTC inside
// <time datetime>, so the HTML it sends and the first client render agree (no hydration mismatch);
// once hydrated, the browser writes it again with Intl in its own zone.
import { useHydrated } from './use-hydrated';

const FORMATS = {
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  moment: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type LocalTimeFormat = keyof typeof FORMATS;

/** The instant in the viewer's zone (the browser's by default), in the site's en-US words. */
export function formatLocalTime(iso: string, format: LocalTimeFormat, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { ...FORMATS[format], ...(timeZone ? { timeZone } : {}) }).format(date);
}

export function LocalTime({ iso, utcText, format = 'moment' }: { iso: string; utcText: string; format?: LocalTimeFormat }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatLocalTime(iso, format) || utcText : utcText}</time>;
}
