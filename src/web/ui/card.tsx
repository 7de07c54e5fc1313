import type { HTMLAttributes, ReactNode } from 'react';
import './components.css';

/**
 * A bordered box on the raised surface holding one thing: an applicant in a list, a job, an interview,
 * a section of a page (decision 0323). The element is the caller's (a list item in a list, an article
 * that names itself, a section with its heading), so the card adds a look and never a role.
 */
export function Card({ as: Element = 'div', tone = 'plain', className, children, ...rest }: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'aside' | 'li'; tone?: 'plain' | 'accent'; children: ReactNode }) {
  const classes = ['card', tone === 'accent' ? 'card-accent' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Element {...rest} className={classes}>
      {children}
    </Element>
  );
}
