// A value changed at once and saved behind it (decision 0294): the page shows the new value while the
// server decides; a refusal puts back the last value the server accepted and says why. Only the latest
// change decides what shows, so a slow early answer cannot undo a later change.
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export function useOptimisticValue<T>(initial: T, save: (value: T) => Promise<SaveOutcome<T>>, on: { saved?: (value: T) => void; refused: (message: string) => void }) {
  const [shown, setShown] = useState(initial);
  const confirmed = useRef(initial);
  const latest = useRef(0);
  const callbacks = useRef(on);
  useEffect(() => {
    callbacks.current = on;
  });
  const change = useCallback(
    async (value: T) => {
      const ticket = ++latest.current;
      setShown(value);
      const outcome = await save(value);
      if (outcome.ok) {
        confirmed.current = outcome.value;
        if (ticket === latest.current) setShown(outcome.value);
        callbacks.current.saved?.(outcome.value);
      } else if (ticket === latest.current) {
        setShown(confirmed.current);
        callbacks.current.refused(outcome.message);
      }
    },
    [save],
  );
  return [shown, change] as const;
}
