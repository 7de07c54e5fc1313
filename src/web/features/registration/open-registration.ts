import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { JobSummary, ModalPresentation } from '../../ui/modal';
import type { RegistrationFlowOptions } from './registration-flow';
import { RegistrationModal } from './registration-modal';

/**
 * How a caller (Get Started, Save, Apply, the header, Google sign-in) asks for the registration flow:
 * the flow's own options (registration-flow.tsx) without the ones only a page uses, and how the modal shows.
 */
export type OpenRegistrationOptions = Omit<RegistrationFlowOptions, 'initialEmail' | 'initialError' | 'nativeForm'> & {
  /** The element to return focus to when the modal closes. */
  opener?: HTMLElement | null;
  jobSummary?: JobSummary;
  presentation?: ModalPresentation;
  phonePresentation?: 'sheet' | 'fullscreen';
};

const PORTAL_ROOT_ID = 'registration-root';
let unmountCurrent: (() => void) | null = null;

/**
 * Opens the registration modal. Callers import this module with import() on the first click, so
 * the modal's code (this module and everything it imports) stays out of the first page load.
 */
export function openRegistration(options: OpenRegistrationOptions): void {
  mount(options);
}

function mount({ opener, jobSummary, presentation, phonePresentation, ...flow }: OpenRegistrationOptions): void {
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
        ...flow,
        container: flow.container ?? 'MODAL',
        // The landing page's Get Started ends on Suggested Jobs (redirect's default, decision 0034).
        action: flow.action ?? (flow.copyVariant === 'landingPage' ? 'redirect' : 'default'),
      },
      presentation,
      phonePresentation,
      jobSummary,
      returnFocusTo: opener ?? null,
      onClosed: unmount,
    }),
  );
}
