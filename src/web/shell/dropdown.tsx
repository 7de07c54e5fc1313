import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

interface DropdownProps {
  /** Id of the panel (aria-controls). */
  id: string;
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  className?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea';

/**
 * A disclosure menu: opens on click; closes on a click outside, on Escape (focus goes back to the
 * button) and when focus leaves it. Arrow keys move between the panel's links.
 */
export function Dropdown({ id, label, ariaLabel, className, buttonClassName, align = 'start', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    if (target) {
      const items = focusables(panelRef.current);
      (target === 'first' ? items[0] : items[items.length - 1])?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const items = focusables(panelRef.current);
    if (event.target === buttonRef.current) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (open) items[event.key === 'ArrowDown' ? 0 : items.length - 1]?.focus();
      else {
        focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
        setOpen(true);
      }
      return;
    }
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    items[(next + items.length) % items.length]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={rootRef} className={`dropdown${className ? ` ${className}` : ''}${open ? ' is-open' : ''}`} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`dropdown-button${buttonClassName ? ` ${buttonClassName}` : ''}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span className="chevron" aria-hidden="true" />
      </button>
      {/* The links are drawn only while open: a closed panel costs no markup or hydration work. */}
      <div ref={panelRef} id={id} className={`dropdown-panel align-${align}`} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}

function focusables(panel: HTMLElement | null): HTMLElement[] {
  return panel ? [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
}
