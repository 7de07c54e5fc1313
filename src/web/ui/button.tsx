import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { buttonClass, type ButtonVariant } from './button-class';
import './components.css';

export type { ButtonVariant } from './button-class';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** React 19 hands a function component its ref as a prop: it reaches the button (a focus moved back to it). */
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  large?: boolean;
  /** While the action runs: the button says so (aria-busy, a spinner) and cannot be pressed again. */
  loading?: boolean;
  children: ReactNode;
}

/** A button with its states: hover and focus from the tokens, disabled, and loading. */
export function Button({ variant = 'primary', large = false, loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass(variant, large, className)} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <span className="button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Undefined only where the link is drawn but must not go anywhere (an employer's preview). */
  href: string | undefined;
  variant?: ButtonVariant;
  large?: boolean;
  children: ReactNode;
}

/** A link that looks like a button: it goes somewhere, so it stays a link (no disabled state). */
export function LinkButton({ variant = 'primary', large = false, className, children, ...rest }: LinkButtonProps) {
  return (
    <a {...rest} className={buttonClass(variant, large, className)}>
      {children}
    </a>
  );
}
