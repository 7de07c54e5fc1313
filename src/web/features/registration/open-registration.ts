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

const PORTAL_ROOT_ID = 'registration-root';
let unmountCurrent: (() => void) | null = null;

/**
 * Opens the registration modal. Callers import this module with import() on the first click, so
 * the modal's code stays out of the first page load; this module loads the modal itself the same
 * way, so it is a second chunk fetched only then.
 */
export function openRegistration(options: OpenRegistrationOptions): void {
  void mount(options);
}

async function mount(options: OpenRegistrationOptions): Promise<void> {
  const [{ createRoot }, { createElement }, { RegistrationModal }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
    import('./registration-modal'),
  ]);
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
        action: options.action,
        redirectUrl: options.redirectUrl,
        searchContext: options.searchContext,
      },
      returnFocusTo: options.opener ?? null,
      onClosed: unmount,
    }),
  );
}
