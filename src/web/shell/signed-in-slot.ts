import type * as Parts from './signed-in-parts';

export type SignedInParts = typeof Parts;

/** The parts' source, for the server's modulepreload of the chunk on signed-in pages. */
export const SIGNED_IN_PARTS_SOURCE = 'src/web/shell/signed-in-parts.tsx';

let provided: SignedInParts | null = null;

/** The server (statically) and the client entry (before hydrating a signed-in page) hand the parts in. */
export function provideSignedInParts(parts: SignedInParts): void {
  provided = parts;
}

export const loadSignedInParts = (): Promise<SignedInParts> => import('./signed-in-parts');

/** The parts, for a signed-in person's header: provided before any signed-in page renders. */
export function signedInParts(): SignedInParts {
  if (!provided) throw new Error('the signed-in parts of the shell were not loaded before rendering');
  return provided;
}
