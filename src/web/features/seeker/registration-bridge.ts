// A visitor's Save, Apply or external Apply opens the registration modal with the matching copy
// variant and post-registration action (spec 4.3); the flow's own action functions do the rest.
import type { OpenRegistrationOptions } from '../registration/open-registration';

let signedInHere = false;

/** True once the modal signed the person in on this page (the shell's user is from page load). */
export function signedInOnThisPage(): boolean {
  return signedInHere;
}

export async function registerThen(options: OpenRegistrationOptions): Promise<void> {
  const { openRegistration } = await import('../registration/open-registration');
  const onComplete = options.onComplete;
  openRegistration({
    ...options,
    onComplete: () => {
      signedInHere = true;
      onComplete?.();
    },
  });
}

export interface SearchContextCopy {
  jobCount: string;
  jobTitle: string;
  radius: string;
  location: string;
}
