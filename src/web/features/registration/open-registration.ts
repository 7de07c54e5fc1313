import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { CopyVariant, FormContainer, PostRegistrationAction, RegistrationType } from '../../../shared/registration/enums';
import type { JobSummary, ModalPresentation } from '../../ui/modal';
import type { RegistrationFlowOptions } from './registration-flow';
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
  // Optional: for job pages, save and apply (issues 6 and 7) and for Google sign-in (issue 4).
  registrationType?: RegistrationType;
  jobSummary?: JobSummary;
  listingKey?: string;
  externalUrl?: string;
  onJobPage?: boolean;
  /** Partial login: the known email; the code is sent at once. */
  prefillEmail?: string;
  presentation?: ModalPresentation;
  phonePresentation?: 'sheet' | 'fullscreen';
  showRoleToggle?: boolean;
  ssoEnabled?: boolean;
  /** apply, saveLegacy and save end by calling this. */
  onComplete?: () => void;
  /** Continue after a Google sign-in made on the page: the flow opens on the offer that follows it. */
  afterSso?: RegistrationFlowOptions['afterSso'];
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
  // The modal is where the person signs in now: Google's one-tap prompt would stay on the page behind it.
  window.google?.accounts?.id?.cancel();
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
        registrationType: options.registrationType,
        listingKey: options.listingKey,
        externalUrl: options.externalUrl,
        onJobPage: options.onJobPage,
        prefillEmail: options.prefillEmail,
        showRoleToggle: options.showRoleToggle,
        ssoEnabled: options.ssoEnabled,
        onComplete: options.onComplete,
        afterSso: options.afterSso,
      },
      presentation: options.presentation,
      phonePresentation: options.phonePresentation,
      jobSummary: options.jobSummary,
      returnFocusTo: options.opener ?? null,
      onClosed: unmount,
    }),
  );
}
