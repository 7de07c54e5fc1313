import type { IconNode } from 'lucide';
import type { ReactNode } from 'react';
import { Icon } from './icon';
import './components.css';

/** What a list shows when it has nothing yet: what it will hold, and the way to fill it. */
export function EmptyState({ icon, title, children, action, headingLevel = 2 }: { icon?: IconNode; title: string; children?: ReactNode; action?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      {icon ? <Icon icon={icon} className="empty-state-icon" /> : null}
      <Heading className="empty-state-title">{title}</Heading>
      {children ? <div className="empty-state-text">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
