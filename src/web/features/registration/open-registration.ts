import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { CopyVariant, FormContainer, PostRegistrationAction } from '../../../shared/registration/enums';
import { RegistrationModal } from './registration-modal';

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
  /** Save and apply: the job, sent with the registration and by the save action. */
  listingKey?: string;
  /** External apply: the address the flow opens in a new tab. */
  externalUrl?: string;
  onJobPage?: boolean;
  /** apply and save: run when the flow has finished its action (spec 4.3). */
  onComplete?: () => void;
}

const PORTAL_ROOT_ID = 'registration-root';
let unmountCurrent: (() => void) | null = null;

/**
 * Opens the registration modal. Callers import this module with import() on the first click, so
 * the modal's code (this module and everything it imports) stays out of the first page load.
 */
export function openRegistration(options: OpenRegistrationOptions): void {
  mount(options);
}

function mount(options: OpenRegistrationOptions): void {
  unmountCurrent?.();
  let host = document.getElementById(PORTAL_ROOT_ID);
  if (!host) {
    host = document.createElement('div');
    host.id = PORTAL_ROOT_ID;
    document.body.append(host);
  }
  const root = createRoot(host);
  const unmount = () => {
    if (unmountCurrent !== unmount) return;
    unmountCurrent = null;
    // Unmount after the click that closed the modal has finished.
    queueMicrotask(() => root.unmount());
  };
  unmountCurrent = unmount;
  root.render(
    createElement(RegistrationModal, {
      options: {
        copyVariant: options.copyVariant,
        source: options.source,
        componentId: options.componentId,
        container: options.container ?? 'MODAL',
        // The landing page's Get Started ends on Suggested Jobs (redirect's default, decision 0034).
        action: options.action ?? (options.copyVariant === 'landingPage' ? 'redirect' : 'default'),
        redirectUrl: options.redirectUrl,
        searchContext: options.searchContext,
        listingKey: options.listingKey,
        externalUrl: options.externalUrl,
        onJobPage: options.onJobPage,
        onComplete: options.onComplete,
      },
      returnFocusTo: options.opener ?? null,
      onClosed: unmount,
    }),
  );
}
