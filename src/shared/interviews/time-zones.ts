// Time zones for interviews (issue 42, decision 0231): instants are stored as UTC milliseconds; a zone
// is an IANA name, used only to read a person's wall-clock time in and to show one. Page chunks use
// this: it imports only the lengths of time.
import { DAY_MS } from '../time';

/** Where a person's zone is not known (the employer's select without script, a seeker with no state). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** Whether Intl knows the zone (every name of Intl.supportedValuesOf('timeZone'), and aliases such as UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a select offers: the runtime's list, with the default always in it. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes(DEFAULT_TIME_ZONE) ? names : [DEFAULT_TIME_ZONE, ...names];
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partFormats.set(zone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `zone` at the instant `ms`. */
export function wallClock(ms: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far `zone` is ahead of UTC at `ms`, in milliseconds. */
export function zoneOffsetMs(ms: number, zone: string): number {
  const wall = wallClock(ms, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a "YYYY-MM-DDTHH:MM" wall-clock time in `zone` names (a datetime-local field's value), or
 * null when it is not such a time. A time skipped by a change to summer time is read with the offset
 * before the change (2:30 on that night is 3:30); a time that happens twice is the first of the two.
 */
export function zonedTimeToUtc(local: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((value) => Number(value ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // The offsets a day before and a day after: the same but near a change of summer time.
  const before = asUtc - zoneOffsetMs(asUtc - DAY_MS, zone);
  const after = asUtc - zoneOffsetMs(asUtc + DAY_MS, zone);
  const exact = [before, after].filter((ms) => ms + zoneOffsetMs(ms, zone) === asUtc).sort((a, b) => a - b);
  return exact[0] ?? before;
}

/** "Tue, Nov 24, 2026, 3:00 PM CST": an instant as a person in `zone` reads it. */
export function formatInZone(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(ms));
}

/** A datetime-local field's value for the instant in `zone` ("2026-11-24T15:00"). */
export function toLocalInput(ms: number, zone: string): string {
  const wall = wallClock(ms, zone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

// One zone per state where most of its people live; a seeker's place is "City, ST" (decision 0231).
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles', CO: 'America/Denver',
  CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York',
  LA: 'America/Chicago', ME: 'America/New_York', MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago',
  TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver', PR: 'America/Puerto_Rico',
};

/** The zone of a place written "City, ST" (a US state), or null. */
export function timeZoneOfPlace(place: string): string | null {
  const state = /,\s*([A-Za-z]{2})\s*(?:\d{5}(?:-\d{4})?)?\s*$/.exec(place)?.[1]?.toUpperCase();
  return state ? (STATE_ZONES[state] ?? null) : null;
}
