import type { CopyVariant, FormContainer, PostRegistrationAction } from '../../../shared/registration/enums';

/** How a caller (Get Started, Save, Apply, the header) asks for the registration flow. */
export interface OpenRegistrationOptions {
  copyVariant: CopyVariant;
  source: string;
  componentId: string;
  container?: FormContainer;
  action?: PostRegistrationAction;
  redirectUrl?: string;
  /** Search-context copy: "We found {count} open positions". */
  searchContext?: { jobCount: string; jobTitle: string; radius: string; location: string };
  /** The element to return focus to when the modal closes. */
  opener?: HTMLElement | null;
}

/**
 * Opens the registration modal. Callers import this module with import() on the first click, so
 * the modal's code stays out of the first page load.
 *
 * Until the modal exists, the flow lives on its own page.
 */
export function openRegistration(_options: OpenRegistrationOptions): void {
  window.location.assign('/jobseeker/register');
}
