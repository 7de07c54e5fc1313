// Spec 5: a phone parses as valid for US, GB or CA, otherwise in any international format.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'CA'];
export const PHONE_INVALID_MESSAGE = 'Phone number is invalid';

/** The number in E.164 form, or null when it is not a valid number. */
export function normalisePhone(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  for (const country of PHONE_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(trimmed, country);
    if (parsed?.isValid()) return parsed.number;
  }
  const international = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  return international?.isValid() ? international.number : null;
}
