// What the interview forms post (issue 42, decision 0231): one schema each, for the form posts and JSON.
// Each refusal names its field, so the form shows the message beside it.
import { z } from 'zod';
import { INTERVIEW_DURATIONS, INTERVIEW_NOTE_MAX, INTERVIEW_TEXTS, MAX_INTERVIEW_TIMES, PLACE_KINDS, PLACE_MAX, type InterviewErrors, type InterviewField, type PlaceKind } from './interviews';
import { isTimeZone } from './time-zones';

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (value: unknown) => (typeof first(value) === 'string' ? String(first(value)) : '');
/** A form posts one `time` field per row; JSON may send `times`. Empty rows are not times. */
const timesOf = (body: Record<string, unknown>): string[] => {
  const raw = body.times ?? body.time;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((value) => (typeof value === 'string' ? value.trim() : '')).filter((value) => value !== '');
};

export interface ProposeInterviewInput {
  times: number[];
  timeZone: string;
  placeKind: PlaceKind;
  place: string;
  minutes: number;
  note: string;
}

const ZoneSchema = z.string().refine(isTimeZone, INTERVIEW_TEXTS.timeZone);

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: InterviewErrors };

/** A video link: any https address with a host. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

function checkPlace(kindRaw: unknown, placeRaw: unknown, errors: InterviewErrors): { placeKind: PlaceKind; place: string } | null {
  const kind = z.enum(PLACE_KINDS).safeParse(text(kindRaw));
  const place = text(placeRaw).replace(/\s+/g, ' ').trim();
  if (!kind.success) errors.placeKind = INTERVIEW_TEXTS.placeKind;
  if (!place) errors.place = INTERVIEW_TEXTS.placeEmpty;
  else if (place.length > PLACE_MAX) errors.place = INTERVIEW_TEXTS.placeTooLong;
  else if (kind.success && kind.data === 'video' && !isHttpsLink(place)) errors.place = INTERVIEW_TEXTS.videoHttps;
  return kind.success && !errors.place ? { placeKind: kind.data, place } : null;
}

/** The times in `zone`, each in the future and given once: 1 to MAX_INTERVIEW_TIMES of them. */
export function checkTimes(raw: string[], zone: string | null, now: number, toUtc: (local: string, zone: string) => number | null, errors: InterviewErrors): number[] | null {
  if (raw.length === 0) errors.times = INTERVIEW_TEXTS.timesRequired;
  else if (raw.length > MAX_INTERVIEW_TIMES) errors.times = INTERVIEW_TEXTS.tooManyTimes;
  if (errors.times || zone === null) return null;
  const instants = raw.map((local) => toUtc(local, zone));
  if (instants.some((ms) => ms === null)) errors.times = INTERVIEW_TEXTS.badTime;
  else if (instants.some((ms) => ms! <= now)) errors.times = INTERVIEW_TEXTS.pastTime;
  else if (new Set(instants).size !== instants.length) errors.times = INTERVIEW_TEXTS.sameTime;
  return errors.times ? null : (instants as number[]).sort((a, b) => a - b);
}

/** The team's proposal: times in their zone, the place, how long, an optional note. */
export function checkProposal(body: unknown, now: number, toUtc: (local: string, zone: string) => number | null): Checked<ProposeInterviewInput> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors: InterviewErrors = {};
  const zone = ZoneSchema.safeParse(text(input.time_zone));
  if (!zone.success) errors.timeZone = INTERVIEW_TEXTS.timeZone;
  const times = checkTimes(timesOf(input), zone.success ? zone.data : null, now, toUtc, errors);
  const place = checkPlace(input.place_kind, input.place, errors);
  const minutes = Number(text(input.minutes));
  if (!(INTERVIEW_DURATIONS as readonly number[]).includes(minutes)) errors.duration = INTERVIEW_TEXTS.duration;
  const note = text(input.note).trim();
  if (note.length > INTERVIEW_NOTE_MAX) errors.note = INTERVIEW_TEXTS.noteTooLong;
  if (Object.keys(errors).length || !times || !place || !zone.success) return { ok: false, errors };
  return { ok: true, value: { times, timeZone: zone.data, ...place, minutes, note } };
}

/** The team moves a confirmed interview: one new time in their zone, and the place (the same or new). */
export function checkReschedule(body: unknown, now: number, toUtc: (local: string, zone: string) => number | null): Checked<{ startsAt: number; timeZone: string; placeKind: PlaceKind; place: string }> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors: InterviewErrors = {};
  const zone = ZoneSchema.safeParse(text(input.time_zone));
  if (!zone.success) errors.timeZone = INTERVIEW_TEXTS.timeZone;
  const raw = timesOf(input);
  const times = checkTimes(raw.length > 1 ? raw.slice(0, MAX_INTERVIEW_TIMES + 1) : raw, zone.success ? zone.data : null, now, toUtc, errors);
  if (times && times.length > 1) errors.times = 'Give one new time.';
  const place = checkPlace(input.place_kind, input.place, errors);
  if (Object.keys(errors).length || !times || !place || !zone.success) return { ok: false, errors };
  return { ok: true, value: { startsAt: times[0]!, timeZone: zone.data, ...place } };
}

/** The candidate's pick: one of the times, and the zone their invitation is written in. */
export function checkPick(body: unknown): Checked<{ slotId: string; timeZone: string }> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors: InterviewErrors = {};
  const slot = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/).safeParse(text(input.slot));
  if (!slot.success) errors.slot = INTERVIEW_TEXTS.pickRequired;
  const zone = ZoneSchema.safeParse(text(input.time_zone));
  if (!zone.success) errors.timeZone = INTERVIEW_TEXTS.timeZone;
  if (!slot.success || !zone.success) return { ok: false, errors };
  return { ok: true, value: { slotId: slot.data, timeZone: zone.data } };
}

export function checkNote(body: unknown, field: InterviewField = 'note'): Checked<string> {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const note = text(input.note).trim();
  if (note.length > INTERVIEW_NOTE_MAX) return { ok: false, errors: { [field]: INTERVIEW_TEXTS.noteTooLong } };
  return { ok: true, value: note };
}

/** The form's draft back after a refusal (what was typed, within bounds). */
export function proposalDraft(body: unknown) {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const kind = z.enum(PLACE_KINDS).safeParse(text(input.place_kind));
  return {
    times: timesOf(input).slice(0, MAX_INTERVIEW_TIMES).map((value) => value.slice(0, 20)),
    timeZone: text(input.time_zone).slice(0, 64),
    placeKind: kind.success ? kind.data : ('video' as const),
    place: text(input.place).slice(0, PLACE_MAX * 2),
    minutes: Number(text(input.minutes)) || 45,
    note: text(input.note).slice(0, INTERVIEW_NOTE_MAX * 2),
  };
}
