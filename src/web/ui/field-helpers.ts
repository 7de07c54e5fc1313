// Spec 5's helpers of the design system's text and number inputs, as pure functions.

export interface LengthBounds {
  min?: number;
  max?: number;
}

/** Spec 5: "n/max, minimum m" with both bounds; "Current n, minimum m" while below the minimum; otherwise "n/max". */
export function lengthHelper(length: number, { min, max }: LengthBounds): string | null {
  if (min !== undefined && length < min) return `Current ${length}, minimum ${min}`;
  if (min !== undefined && max !== undefined) return `${length}/${max}, minimum ${min}`;
  if (max !== undefined) return `${length}/${max}`;
  return null;
}

/** Spec 5: a text input shows an error when it is given a message, or its length is below the minimum or above the maximum. */
export function textInputInvalid(length: number, { min, max }: LengthBounds, error?: string | null): boolean {
  return Boolean(error) || (min !== undefined && length > 0 && length < min) || (max !== undefined && length > max);
}

/** Spec 5: "Choose a number between min and max", "Minimum N" or "Maximum N". */
export function numberHelper({ min, max }: LengthBounds, locale?: string): string | null {
  const format = (value: number) => value.toLocaleString(locale);
  if (min !== undefined && max !== undefined) return `Choose a number between ${format(min)} and ${format(max)}`;
  if (min !== undefined) return `Minimum ${format(min)}`;
  if (max !== undefined) return `Maximum ${format(max)}`;
  return null;
}

/** Spec 5: number formatting strips non-digits and groups the digits by locale ("12a345" -> "12,345"). */
export function formatNumberInput(text: string, locale?: string): string {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return '';
  // Digit strings beyond Number's exact range are grouped by hand, three by three.
  if (digits.length > 15) return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return Number(digits).toLocaleString(locale);
}

/** The number a formatted input holds, or null when it is empty. */
export function parseNumberInput(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}
