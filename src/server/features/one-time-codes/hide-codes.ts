import { OTP_LENGTH } from '../../../shared/registration/enums';

// A person reporting a problem with sign-in often pastes the code ("my code 123 456 did not work").
// Whoever reads the report is not the addressee, so six digits standing alone (a space or hyphen in
// the middle allowed) are hidden before anything is stored. Longer numbers and ZIP codes are kept.
const HALF = OTP_LENGTH / 2;
const CODE_IN_TEXT = new RegExp(`(?<![\\d])\\d{${HALF}}[ -]?\\d{${HALF}}(?![\\d])`, 'g');

export const HIDDEN_CODE = '[code hidden]';

export function hideCodes(text: string): string;
export function hideCodes(text: string | null): string | null;
export function hideCodes(text: string | null): string | null {
  return text === null ? null : text.replace(CODE_IN_TEXT, HIDDEN_CODE);
}
