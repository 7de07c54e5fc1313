import { useCallback, useEffect, useRef, useState } from 'react';
import { X } from 'lucide';
import { Icon } from './icon';
import './components.css';

/** How long a toast stays, unless the pointer or focus is on it (WCAG 2.2.1: time to read). */
export const TOAST_MS = 6_000;

export type ToastTone = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** The toasts a page shows: `show` adds one, each leaves after TOAST_MS or when dismissed. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = next.current++;
    setToasts((current) => [...current, { id, message, tone }]);
    return id;
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  return { toasts, show, dismiss };
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss(id: number): void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, toast.id, onDismiss]);
  return (
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="icon-button toast-close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        <Icon icon={X} />
      </button>
    </div>
  );
}

/**
 * Where toasts appear: a polite live region present from the first render (a region added with its
 * message is not announced), errors as alerts.
 */
export function ToastRegion({ toasts, onDismiss }: { toasts: readonly ToastItem[]; onDismiss(id: number): void }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
