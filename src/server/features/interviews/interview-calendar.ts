// An interview's calendar invitation (decision 0231): one VEVENT made by ical-generator, its UID kept
// for the life of the interview and its SEQUENCE one more at each change, so a calendar updates or
// removes the event it already has (RFC 5546: METHOD:REQUEST for the invitation and each update,
// METHOD:CANCEL for the cancellation). Times are written in the recipient's own zone (DTSTART;TZID=),
// with a VTIMEZONE made from the runtime's zone data around that time.
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalTemporalInstantStub,
  type ICalTemporalPlainDateStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import { wallClock, zoneOffsetMs, type WallClock } from '../../../shared/interviews/time-zones';
import type { MailAttachment } from '../mail/mailer';
import { DAY_MS } from '../../../shared/time';

export interface CalendarEventInput {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: number;
  minutes: number;
  /** The recipient's zone: the times are written in it. */
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  now: number;
}

/**
 * The instant as a Temporal.ZonedDateTime-like value: ical-generator writes a native Date in the
 * server's own zone when an event has a TZID, and a zoned value in its own zone, which is what we want.
 */
function zoned(ms: number, zone: string): ICalTemporalZonedDateTimeStub {
  const wall = wallClock(ms, zone);
  const iso = new Date(ms).toISOString();
  const date: ICalTemporalPlainDateStub = { year: wall.year, month: wall.month, day: wall.day, toJSON: () => iso.slice(0, 10), toString: () => iso.slice(0, 10) };
  const plain: ICalTemporalPlainDateTimeStub = { ...wall, toZonedDateTime: (other) => zoned(ms, other), toPlainDate: () => date, toJSON: () => iso, toString: () => iso };
  const instant: ICalTemporalInstantStub = { epochMilliseconds: ms, toZonedDateTimeISO: (other) => zoned(ms, other), toJSON: () => iso, toString: () => iso };
  return { ...wall, timeZoneId: zone, toPlainDateTime: () => plain, withTimeZone: (other) => zoned(ms, other), toInstant: () => instant, toJSON: () => iso, toString: () => iso };
}

const two = (value: number) => String(value).padStart(2, '0');
const icsLocal = (wall: WallClock) => `${wall.year}${two(wall.month)}${two(wall.day)}T${two(wall.hour)}${two(wall.minute)}${two(wall.second)}`;
const icsOffset = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${two(Math.floor(Math.abs(minutes) / 60))}${two(Math.abs(minutes) % 60)}`;
};
const zoneAbbreviation = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? zone;

/** The moments the zone's offset changes between `from` and `to`, to the minute. */
function offsetChanges(zone: string, from: number, to: number): number[] {
  const changes: number[] = [];
  const step = DAY_MS;
  for (let at = from; at < to; at += step) {
    if (zoneOffsetMs(at, zone) === zoneOffsetMs(at + step, zone)) continue;
    let low = at;
    let high = at + step;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMs(middle, zone) === zoneOffsetMs(low, zone)) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

/**
 * A VTIMEZONE for `zone` that is right for a year either side of `around`: one observance for the
 * offset in force at its start and one for each change within, each with its own DTSTART.
 */
export function vtimezone(zone: string, around: number): string {
  const from = around - 366 * DAY_MS;
  const to = around + 366 * DAY_MS;
  const changes = offsetChanges(zone, from, to);
  const standardOffset = Math.min(...[from, ...changes].map((at) => zoneOffsetMs(at, zone)));
  const observance = (at: number, offsetFrom: number) => {
    const offset = zoneOffsetMs(at, zone);
    const kind = offset > standardOffset ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the wall-clock time the change happens at, read in the offset before it.
    const before = new Date(at + offsetFrom);
    const start = { year: before.getUTCFullYear(), month: before.getUTCMonth() + 1, day: before.getUTCDate(), hour: before.getUTCHours(), minute: before.getUTCMinutes(), second: 0 };
    return [`BEGIN:${kind}`, `DTSTART:${icsLocal(start)}`, `TZOFFSETFROM:${icsOffset(offsetFrom)}`, `TZOFFSETTO:${icsOffset(offset)}`, `TZNAME:${zoneAbbreviation(at, zone)}`, `END:${kind}`];
  };
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(from, zoneOffsetMs(from, zone))];
  for (const at of changes) lines.push(...observance(at, zoneOffsetMs(at - 60_000, zone)));
  lines.push('END:VTIMEZONE');
  return `${lines.join('\r\n')}\r\n`;
}

/** The .ics text of the invitation, update or cancellation. */
export function interviewCalendar(input: CalendarEventInput): string {
  const calendar = ical({
    prodId: { company: 'Jobwise', product: 'Interviews', language: 'EN' },
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone (DTSTAMP stays in UTC); the generator gives the event's zone its VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, input.startsAt) },
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: new Date(input.now),
    start: zoned(input.startsAt, input.timeZone),
    end: zoned(input.startsAt + input.minutes * 60_000, input.timeZone),
    timezone: input.timeZone,
    summary: input.summary,
    description: input.description,
    location: input.location,
    url: input.url,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer,
    attendees: [{ name: input.attendee.name, email: input.attendee.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
  });
  return calendar.toString();
}

export function calendarAttachment(input: CalendarEventInput): MailAttachment {
  return {
    filename: input.method === 'CANCEL' ? 'interview-cancelled.ics' : 'interview.ics',
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: interviewCalendar(input),
  };
}
