import { useState } from 'react';
import { useHydrated } from '../../shell/use-hydrated';
import { Button } from '../../ui/button';

/** Copies a link to the clipboard; shown only once the page's script runs (the field can be copied by hand). */
export function CopyLinkButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (!hydrated) return null;
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <div>
      <Button onClick={copy}>Copy link</Button>
      <p className="field-hint" role="status">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Could not copy: select the link and copy it.' : ''}
      </p>
    </div>
  );
}
