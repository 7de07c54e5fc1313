import { useEffect, useId, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type ReactNode, type UIEvent } from 'react';
import { createPortal } from 'react-dom';
import { shouldCloseSheet } from './sheet';
import { throttle } from './throttle';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';
import './modal.css';
import { X } from 'lucide';
import { Icon } from './icon';

export type ModalPresentation = 'modal' | 'fullscreen' | 'overlay' | 'sheet';
export type ModalSize = 'form' | 'otp' | 'dialog';

/** Spec 9: how often the modal reads its content's scroll position. */
export const MODAL_SCROLL_THROTTLE_MS = 100;

/** Spec 2.6: the job a registration is about, shown above the form. */
export interface JobSummary {
  companyLogoUrl?: string;
  companyName: string;
  title: string;
  location: string;
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (the form's heading). */
  labelledBy: string;
  /** Closing is enabled: Escape, the backdrop, the Close button and dragging the sheet. */
  closable?: boolean;
  presentation?: ModalPresentation;
  /** On phones: a bottom sheet (default) or fullscreen with Back. */
  phonePresentation?: 'sheet' | 'fullscreen';
  /** Shown as Back in fullscreen. */
  onBack?: () => void;
  size?: ModalSize;
  jobSummary?: JobSummary;
  /** Where focus goes when the modal closes; the element focused before opening by default. */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

// Open modals, innermost last: only the innermost answers Escape and traps Tab.
const openStack: string[] = [];
let scrollLocks = 0;
let savedOverflow = '';

function lockScroll() {
  if (scrollLocks++ === 0) {
    savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
  }
}
function unlockScroll() {
  if (--scrollLocks === 0) document.documentElement.style.overflow = savedOverflow;
}

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  labelledBy,
  closable = true,
  presentation = 'modal',
  phonePresentation = 'sheet',
  onBack,
  size = 'form',
  jobSummary,
  returnFocusTo,
  children,
}: ModalProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressOnBackdrop = useRef(false);
  const drag = useRef<{ startY: number; startTime: number; dy: number } | null>(null);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [scrolled, setScrolled] = useState(false);
  const [scrollWatch] = useState(() => throttle((content: HTMLElement) => setScrolled(content.scrollTop > 0), MODAL_SCROLL_THROTTLE_MS));
  useEffect(() => () => scrollWatch.cancel(), [scrollWatch]);
  const shown: ModalPresentation = isPhone ? (presentation === 'fullscreen' ? 'fullscreen' : phonePresentation) : presentation;
  const onCloseRef = useRef(onClose);
  const closableRef = useRef(closable);
  useEffect(() => {
    onCloseRef.current = onClose;
    closableRef.current = closable;
  });

  // Focus moves in, stays in, and returns to the opener; the page behind does not scroll.
  useEffect(() => {
    const opener = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    openStack.push(id);
    lockScroll();
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[autofocus], input:not([type="hidden"]):not([disabled])') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack.at(-1) !== id || !dialogRef.current) return;
      if (event.key === 'Escape') {
        if (closableRef.current) {
          event.preventDefault();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [inert]'));
      if (focusable.length === 0) {
        event.preventDefault();
        dialogRef.current.focus();
        return;
      }
      const firstElement = focusable[0]!;
      const lastElement = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && dialogRef.current.contains(active);
      if (event.shiftKey && (active === firstElement || !inside)) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || !inside)) {
        event.preventDefault();
        firstElement.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openStack.lastIndexOf(id);
      if (index >= 0) openStack.splice(index, 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the opener is the element focused when the modal opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const onBackdropPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    pressOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    const startedHere = pressOnBackdrop.current;
    pressOnBackdrop.current = false;
    if (closable && startedHere && event.target === event.currentTarget) onClose();
  };

  const onHandlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!closable) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startY: event.clientY, startTime: event.timeStamp, dy: 0 };
    dialogRef.current?.classList.add('modal-dialog--dragging');
  };
  const onHandlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || !dialogRef.current) return;
    state.dy = Math.max(0, event.clientY - state.startY);
    dialogRef.current.style.transform = `translateY(${state.dy}px)`;
  };
  const onHandlePointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    drag.current = null;
    const dialog = dialogRef.current;
    if (!state || !dialog) return;
    dialog.classList.remove('modal-dialog--dragging');
    const elapsed = Math.max(1, event.timeStamp - state.startTime);
    if (shouldCloseSheet(state.dy, dialog.getBoundingClientRect().height, state.dy / elapsed)) {
      onClose();
    } else {
      dialog.style.transform = '';
    }
  };

  const showBack = shown === 'fullscreen' && onBack;
  // Spec 9: the content's scroll is read at most every 100 ms; the top bar shows a rule once it scrolled.
  const onContentScroll = (event: UIEvent<HTMLDivElement>) => scrollWatch(event.currentTarget);
  return (
    <div className={`modal-backdrop modal-backdrop--${shown}`} onPointerDown={onBackdropPointerDown} onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`modal-dialog modal-dialog--${shown} modal-dialog--${size}${scrolled ? ' is-scrolled' : ''}`}
        data-presentation={shown}
      >
        {shown === 'sheet' && closable ? (
          <div
            className="sheet-handle"
            data-testid="sheet-handle"
            aria-hidden="true"
            onPointerDown={onHandlePointerDown}
            onPointerMove={onHandlePointerMove}
            onPointerUp={onHandlePointerUp}
            onPointerCancel={onHandlePointerUp}
          >
            <span className="sheet-handle__bar" />
          </div>
        ) : null}
        {showBack || closable ? (
          <div className="modal-topbar">
            {showBack ? (
              <button type="button" className="modal-topbar__back" onClick={onBack}>
                <span aria-hidden="true">‹ </span>Back
              </button>
            ) : (
              <span />
            )}
            {closable ? (
              <button type="button" className="modal-topbar__close" aria-label="Close" onClick={onClose}>
                <Icon icon={X} />
              </button>
            ) : null}
          </div>
        ) : null}
        {jobSummary ? <JobSummaryHeader job={jobSummary} /> : null}
        <div className="modal-content" onScroll={onContentScroll}>
          {children}
        </div>
      </div>
    </div>
  );
}

function JobSummaryHeader({ job }: { job: JobSummary }) {
  return (
    <div className="modal-job-summary">
      {job.companyLogoUrl ? <img className="modal-job-summary__logo" src={job.companyLogoUrl} alt="" width="48" height="48" /> : null}
      <div>
        <p className="modal-job-summary__title">{job.title}</p>
        <p className="modal-job-summary__meta">
          {job.companyName} · {job.location}
        </p>
      </div>
    </div>
  );
}
