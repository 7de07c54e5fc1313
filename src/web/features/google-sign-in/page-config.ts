import { PAGE_DATA_ELEMENT_ID, type GoogleSignInShell } from '../../../shared/page-data';

/**
 * This page's Google sign-in settings, read from its page data block: the registration modal mounts
 * in a root of its own, outside the shell's context. Null when the host has no client id.
 */
export function readGoogleSignInConfig(doc: Document = document): GoogleSignInShell | null {
  try {
    const data: unknown = JSON.parse(doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? 'null');
    if (typeof data !== 'object' || data === null || !('shell' in data)) return null;
    const shell: unknown = data.shell;
    if (typeof shell !== 'object' || shell === null || !('googleSignIn' in shell)) return null;
    const google: unknown = shell.googleSignIn;
    if (typeof google !== 'object' || google === null || !('clientId' in google) || !('scriptUrl' in google)) return null;
    const { clientId, scriptUrl } = google;
    return typeof clientId === 'string' && typeof scriptUrl === 'string' ? { clientId, scriptUrl } : null;
  } catch {
    return null;
  }
}
