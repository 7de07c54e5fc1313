import type { ReactNode } from 'react';
import { LEGAL_LINKS } from '../copy';

export type HeadingLevel = 1 | 2;

/** The form's title: h1 when the form is the page (FORM container), h2 inside the modal. */
export function Heading({ id, level, children }: { id: string; level: HeadingLevel; children: ReactNode }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag id={id} className="reg-form__title" tabIndex={-1}>
      {children}
    </Tag>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * Spec 2.6: agreeing to the terms and to email job alerts, with the three external links. Where the
 * email alerts are a box of their own (Canadian visitors, decision 0032) the text leaves them to the box.
 * On the employer side: the terms and the job posting rules (employers get no job alerts).
 */
export function TermsText({ alertsByTerms = true, employer = false }: { alertsByTerms?: boolean; employer?: boolean }) {
  if (employer) {
    return (
      <p className="reg-terms">
        By clicking Continue, you agree to our <External href={LEGAL_LINKS.terms}>Global Terms of Use</External>,{' '}
        <External href={LEGAL_LINKS.privacy}>Privacy Policy</External> and <External href={LEGAL_LINKS.jobPostingRules}>Job Posting Rules</External>.
      </p>
    );
  }
  return alertsByTerms ? (
    <p className="reg-terms">
      By clicking Continue, you agree to our <External href={LEGAL_LINKS.terms}>Global Terms of Use</External> and{' '}
      <External href={LEGAL_LINKS.privacy}>Privacy Policy</External>, including our <External href={LEGAL_LINKS.smsTerms}>SMS Terms</External>, and
      to receiving email job alerts. You can unsubscribe at any time.
    </p>
  ) : (
    <p className="reg-terms">
      By clicking Continue, you agree to our <External href={LEGAL_LINKS.terms}>Global Terms of Use</External> and{' '}
      <External href={LEGAL_LINKS.privacy}>Privacy Policy</External>, including our <External href={LEGAL_LINKS.smsTerms}>SMS Terms</External>. Email
      job alerts are sent only if you tick the box above.
    </p>
  );
}
