// Spec 5's phone rule, once for both sides: a number valid for US, GB or CA, otherwise a valid number in
// international format. A number typed without "+" is read only as a US, GB or CA number: without the
// country code there is no telling which other country it belongs to (decision 0090).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'CA'];
export const PHONE_INVALID_MESSAGE = 'Phone number is invalid';
/** Longer than any phone number with spaces and punctuation: refused before parsing. */
export const PHONE_MAX_LENGTH = 40;

/** The number in E.164 form, or null when it is not a valid number under spec 5's rule. */
export function normalizePhone(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > PHONE_MAX_LENGTH) return null;
  if (trimmed.startsWith('+')) {
    const international = parsePhoneNumberFromString(trimmed);
    return international?.isValid() ? international.number : null;
  }
  for (const country of PHONE_COUNTRIES) {
    const parsed = parsePhoneNumberFromString(trimmed, country);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}
