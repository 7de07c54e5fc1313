// Spec 4.3 and 5: redirects go only to our own paths. The rule lives in src/shared/own-path.ts; this
// name stays for the registration flow's callers, which use the value as given once it passes.
export { isOwnPath as isSafeRedirect } from '../own-path';
