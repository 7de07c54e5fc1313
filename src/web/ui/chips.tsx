import type { InputHTMLAttributes, ReactNode } from 'react';
import { X } from 'lucide';
import { Icon } from './icon';
import './components.css';

/** A chosen filter as a link that removes it: works without script, and says what it removes. */
export function RemovableChip({ href, children, removeLabel = 'Remove filter:' }: { href: string; children: ReactNode; removeLabel?: string }) {
  return (
    <a className="chip chip-removable" href={href}>
      <span className="visually-hidden">{removeLabel}</span> {children}
      <Icon icon={X} className="chip-x" />
    </a>
  );
}

/** A choice shown as a chip: a real checkbox (or radio) under it, so keyboards, forms and screen readers see one. */
export function ChoiceChip({ label, type = 'checkbox', className, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; type?: 'checkbox' | 'radio' }) {
  return (
    <label className={`chip chip-choice${className ? ` ${className}` : ''}`}>
      <input {...input} type={type} className="chip-input" />
      <span>{label}</span>
    </label>
  );
}
