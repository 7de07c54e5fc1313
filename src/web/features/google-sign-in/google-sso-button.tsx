import { useEffect, useRef } from 'react';
import type { GoogleSignInShell } from '../../../shared/page-data';
import { PHONE_MEDIA_QUERY, renderGoogleButton } from './gsi';

/** The Google button for the registration form's single sign-on slot (300 px on phones, 400 px on desktop). */
export function GoogleSsoButton({ config, onCredential }: { config: GoogleSignInShell; onCredential(credential: string): void }) {
  const element = useRef<HTMLDivElement>(null);
  const handler = useRef(onCredential);
  useEffect(() => {
    handler.current = onCredential;
  });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let forget: (() => void) | undefined;
    let stopped = false;
    renderGoogleButton(config, target, (credential) => handler.current(credential), window.matchMedia(PHONE_MEDIA_QUERY).matches)
      .then((unregister) => {
        if (stopped) unregister();
        else forget = unregister;
      })
      .catch((error: unknown) => console.warn('Google sign-in unavailable', error));
    return () => {
      stopped = true;
      forget?.();
    };
  }, [config]);
  return <div ref={element} className="google-sso-button" />;
}
