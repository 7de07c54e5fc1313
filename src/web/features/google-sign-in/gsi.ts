// Google Identity Services on the client: the script is added on demand (never server-rendered), and
// one page-wide initialize() dispatches each returned credential to whoever asked for it.
import { GOOGLE_NONCE_PATH } from '../../../shared/google-sign-in/constants';
import { belowWidth } from '../../ui/breakpoints';

/** The part of google.accounts.id this app uses. */
export interface GsiCredentialResponse {
  credential?: string;
  /** How the person chose: 'btn', 'btn_confirm', ... for the button; 'auto', 'user', 'user_1tap', ... for one-tap. */
  select_by?: string;
}
interface GsiButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill';
  logo_alignment?: 'left' | 'center';
  width?: number;
}
interface GsiIdApi {
  initialize(options: {
    client_id: string;
    callback(response: GsiCredentialResponse): void;
    prompt_parent_id?: string;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
    /** Ours, issued by the server for this browser and good once; Google puts it in the ID token. */
    nonce?: string;
  }): void;
  renderButton(parent: HTMLElement, options: GsiButtonOptions): void;
  prompt(): void;
  cancel(): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GsiIdApi } };
  }
}

export const RENDER_ATTEMPTS = 10;
export const RENDER_RETRY_MS = 100;
/** Spec 9: 300 px on phones, 400 px on desktop. */
export const BUTTON_WIDTH_PHONE = 300;
export const BUTTON_WIDTH_DESKTOP = 400;
export const PHONE_MEDIA_QUERY = belowWidth('sm');
export const YOLO_PROMPT_ID = 'google-yolo-prompt';

export function buttonWidth(isPhone: boolean): number {
  return isPhone ? BUTTON_WIDTH_PHONE : BUTTON_WIDTH_DESKTOP;
}

export function isButtonSelection(selectBy: string | undefined): boolean {
  return typeof selectBy === 'string' && selectBy.startsWith('btn');
}

let scriptLoading: Promise<void> | null = null;

/** Adds the GIS script once per page; a failed load can be tried again later. */
export function loadGsiScript(src: string): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve();
  if (scriptLoading) return scriptLoading;
  scriptLoading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = null;
      script.remove();
      reject(new Error('Google Identity Services failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/** Tries `attempt` until it answers true: at most RENDER_ATTEMPTS times, RENDER_RETRY_MS apart. */
export function retry(attempt: () => boolean, attempts = RENDER_ATTEMPTS, intervalMs = RENDER_RETRY_MS): Promise<boolean> {
  return new Promise((resolve) => {
    let tries = 0;
    const tick = () => {
      tries += 1;
      let done = false;
      try {
        done = attempt();
      } catch {
        done = false;
      }
      if (done) resolve(true);
      else if (tries >= attempts) resolve(false);
      else setTimeout(tick, intervalMs);
    };
    tick();
  });
}

type CredentialHandler = (credential: string) => void;

const buttonHandlers: CredentialHandler[] = [];
let oneTapHandler: CredentialHandler | null = null;
let initializedFor: string | null = null;
let initializing: Promise<void> | null = null;

function dispatch(response: GsiCredentialResponse) {
  const credential = response.credential;
  if (!credential) return;
  // The nonce in this credential is spent: the next choice needs a new one (decision 0087).
  const clientId = initializedFor;
  initializedFor = null;
  const api = window.google?.accounts?.id;
  if (api && clientId) void ensureInitialized(api, clientId);
  // The newest button (the modal's, while it is open) is the one the person can see and press.
  const handler = isButtonSelection(response.select_by) ? (buttonHandlers.at(-1) ?? oneTapHandler) : (oneTapHandler ?? buttonHandlers.at(-1));
  handler?.(credential);
}

/** A nonce from our server, bound to this browser by a cookie; null if it could not be had. */
async function fetchNonce(): Promise<string | null> {
  try {
    const response = await fetch(GOOGLE_NONCE_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { nonce?: unknown };
    return typeof body.nonce === 'string' ? body.nonce : null;
  } catch {
    return null;
  }
}

function ensureInitialized(api: GsiIdApi, clientId: string): Promise<void> {
  if (initializedFor === clientId) return Promise.resolve();
  initializing ??= (async () => {
    const nonce = await fetchNonce();
    api.initialize({
      client_id: clientId,
      callback: dispatch,
      prompt_parent_id: YOLO_PROMPT_ID,
      cancel_on_tap_outside: true,
      context: 'signin',
      itp_support: true,
      use_fedcm_for_prompt: true,
      ...(nonce ? { nonce } : {}),
    });
    initializedFor = clientId;
  })().finally(() => {
    initializing = null;
  });
  return initializing;
}

export interface GsiConfig {
  clientId: string;
  scriptUrl: string;
}

/**
 * Renders the Google button into `element` (300 or 400 px wide), retrying up to 10 times at 100 ms
 * while the script or the element is not ready. Answers a function that forgets the handler.
 */
export async function renderGoogleButton(config: GsiConfig, element: HTMLElement, onCredential: CredentialHandler, isPhone: boolean): Promise<() => void> {
  buttonHandlers.push(onCredential);
  const forget = () => {
    const index = buttonHandlers.lastIndexOf(onCredential);
    if (index >= 0) buttonHandlers.splice(index, 1);
  };
  await loadGsiScript(config.scriptUrl);
  const api = window.google?.accounts?.id;
  if (api) await ensureInitialized(api, config.clientId);
  const rendered = await retry(() => {
    const api = window.google?.accounts?.id;
    if (!api || !element.isConnected || initializedFor !== config.clientId) {
      if (api && !initializing) void ensureInitialized(api, config.clientId);
      return false;
    }
    api.renderButton(element, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'rectangular', logo_alignment: 'left', width: buttonWidth(isPhone) });
    return element.childElementCount > 0;
  });
  if (!rendered) {
    forget();
    throw new Error('Google sign-in button could not be rendered');
  }
  return forget;
}

/** Shows the one-tap prompt in the google-yolo-prompt container. */
export async function promptOneTap(config: GsiConfig, onCredential: CredentialHandler): Promise<void> {
  oneTapHandler = onCredential;
  await loadGsiScript(config.scriptUrl);
  const api = window.google?.accounts?.id;
  if (api) await ensureInitialized(api, config.clientId);
  await retry(() => {
    const api = window.google?.accounts?.id;
    if (!api || !document.getElementById(YOLO_PROMPT_ID) || initializedFor !== config.clientId) {
      if (api && !initializing) void ensureInitialized(api, config.clientId);
      return false;
    }
    api.prompt();
    return true;
  });
}
