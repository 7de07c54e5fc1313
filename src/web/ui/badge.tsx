import type { ReactNode } from 'react';
import './components.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short status word beside a title ("Applied", "Paused", "New"): colour and words both carry it. */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
