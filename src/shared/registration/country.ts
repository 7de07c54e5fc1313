// Spec 4.3, 5 and 6: the Canada rule, once. No imports: safe for first-load code.

/** ISO 3166 alpha-2 code of Canada, as the location call and the geo headers name it. */
export const CANADA = 'CA';

/** True for a Canadian visitor: the country code compared without regard to case. */
export function isCanada(country: string | null | undefined): boolean {
  return (country ?? '').trim().toUpperCase() === CANADA;
}

/**
 * Canadian visitors confirm a new account and tick the email-alerts box themselves; they get no SMS
 * offer (decision 0032). Elsewhere the terms text carries the email-alerts consent.
 */
export function confirmsAndOptsIn(country: string | null | undefined): boolean {
  return isCanada(country);
}

/** Email alerts: agreed to by the terms text everywhere except CA, where only the checkbox says yes. */
export function emailAlertsOptIn(countryCode: string | null, explicitOptIn: boolean | null | undefined): boolean {
  return confirmsAndOptsIn(countryCode) ? explicitOptIn === true : true;
}
