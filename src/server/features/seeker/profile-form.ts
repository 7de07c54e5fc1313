import { z } from 'zod';
import { ProfileSchema } from '../../../shared/seeker/contracts';

export type ProfileField = 'full_name' | 'phone' | 'location' | 'headline';
const FIELDS: readonly ProfileField[] = ['full_name', 'phone', 'location', 'headline'];

export type ProfileForm =
  | { ok: true; profile: { full_name: string; phone: string; location: string; headline: string } }
  | { ok: false; values: Record<ProfileField, string>; errors: Partial<Record<ProfileField, string>> };

/**
 * A posted profile read by the profile's one rule (ProfileSchema: name, phone by spec 5, place):
 * the profile to save, or each field's first error with the values as typed, to show them again.
 */
export function readProfileForm(body: unknown): ProfileForm {
  const raw = z.record(z.string(), z.unknown()).catch({}).parse(body);
  const parsed = ProfileSchema.safeParse(raw);
  if (parsed.success) {
    const { next: _next, ...profile } = parsed.data;
    return { ok: true, profile };
  }
  const text = (name: string) => (typeof raw[name] === 'string' ? String(raw[name]).slice(0, 500) : '');
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, values: { full_name: text('full_name'), phone: text('phone'), location: text('location'), headline: text('headline') }, errors };
}
