import { useState, type ComponentType, type FormEvent, type MouseEvent } from 'react';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { JobSummary } from '../../ui/modal';
import { useShell } from '../../shell/shell-context';
import { SpotlightEntryLink } from '../spotlight/spotlight-entry';
import { registerThen, signedInOnThisPage } from './registration-bridge';
import { postForm } from './seeker-api';
import type { ApplyDialogProps } from './apply-dialog';
import { Button, LinkButton } from '../../ui/button';
import { Badge } from '../../ui/badge';
import { RadioGroup } from '../../ui/choice-inputs';
import { YES_NO } from './apply-fields';
// The job page uses these buttons without the seeker pages' own stylesheet.
import './seeker.css';

export interface ApplyButtonProps {
  listingKey: string;
  applied: boolean;
  external: boolean;
  externalApplyHref: string;
  /** The job, for the registration modal's header (spec 2.6). */
  jobSummary?: JobSummary;
  /** The listing's version, sent with the registration (spec 3). */
  listingVersionKey?: string;
  /** Screening questions, answered in the apply form (answer_1 ...). */
  questions?: Array<{ name: string; text: string; kind: 'yes_no' | 'text' }>;
  /** Apply by email: a mailto link (its ping counts the click). */
  applyEmailHref?: string | null;
  applyClickPingHref?: string | null;
  /** The employer's preview: the button is shown but does nothing. */
  inert?: boolean;
  /** Where the control is, for the registration modal (spec 3 source, component id). */
  source?: string;
  componentId?: string;
}

/** One-click apply with the profile (on-site jobs), or the employer's site in a new tab (external jobs). */
export function ApplyButton({
  listingKey,
  applied: initiallyApplied,
  external,
  externalApplyHref,
  jobSummary,
  listingVersionKey,
  questions = [],
  applyEmailHref = null,
  applyClickPingHref = null,
  inert = false,
  source = 'seo_rich_job_page',
  componentId = 'job_page_apply',
}: ApplyButtonProps) {
  const shell = useShell();
  const [applied, setApplied] = useState(initiallyApplied);
  const [busy, setBusy] = useState(false);
  // Set when this click applied: the spotlight is offered then (the post-apply entry point).
  const [justApplied, setJustApplied] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'ok' | 'error'; links?: Array<{ href: string; label: string }> } | null>(null);
  // The apply steps (decision 0233), loaded on demand when the server says something is missing.
  const [dialog, setDialog] = useState<{ Dialog: ComponentType<ApplyDialogProps>; answers: Record<string, string> } | null>(null);

  const signedIn = () => Boolean(shell.user) || signedInOnThisPage();

  if (applyEmailHref) {
    return (
      <LinkButton href={inert ? undefined : applyEmailHref} ping={inert ? undefined : (applyClickPingHref ?? undefined)}>
        Apply by email
      </LinkButton>
    );
  }

  if (external) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (signedIn()) return;
      // A visitor registers first; the flow's external action opens the employer's site (through our
      // click-recording address) in a new tab and moves this page to Suggested Jobs.
      event.preventDefault();
      void registerThen({
        copyVariant: 'external',
        action: 'external',
        source,
        componentId,
        listingKey,
        ...(listingVersionKey ? { listingVersionKey } : {}),
        jobSummary,
        externalUrl: externalApplyHref,
        onJobPage: true,
        opener: event.currentTarget,
      });
    };
    return (
      <LinkButton href={externalApplyHref} target="_blank" rel="noopener" onClick={onClick}>
        Apply on company site<span className="visually-hidden"> (opens in a new tab)</span>
      </LinkButton>
    );
  }

  const sent = (outcome: { message: string; withResume: boolean; already: boolean }) => {
    setDialog(null);
    setApplied(true);
    setJustApplied(!outcome.already);
    const links: Array<{ href: string; label: string }> = [{ href: SEEKER_PATHS.myJobs, label: 'See my jobs' }];
    // Sent without a résumé: point to where one is added, for the next applications.
    if (!outcome.withResume) links.push({ href: SEEKER_PATHS.resume, label: 'Add a résumé for your next applications' });
    setMessage({ text: outcome.message, kind: 'ok', links });
  };

  const apply = async (answers: Record<string, string>) => {
    setBusy(true);
    const answer = await postForm(SEEKER_PATHS.apply, { ...answers, listing_key: listingKey });
    setBusy(false);
    if (answer.status === 'APPLIED') {
      sent({ message: typeof answer.data.message === 'string' ? answer.data.message : 'Application sent.', withResume: answer.data.with_resume !== false, already: false });
    } else if (answer.status === 'ALREADY_APPLIED') {
      sent({ message: answer.message ?? '', withResume: true, already: true });
    } else if (answer.status === 'PROFILE_INCOMPLETE' || answer.status === 'RESUME_REQUIRED' || answer.status === 'ANSWERS_REQUIRED') {
      // Not a dead end: the missing steps open over the job, then the review and Send (decision 0233).
      setMessage(null);
      try {
        const { ApplyDialog } = await import('./apply-dialog');
        setDialog({ Dialog: ApplyDialog, answers });
      } catch {
        setMessage({ text: answer.message ?? 'Something went wrong. Please try again', kind: 'error', ...(typeof answer.data.apply_url === 'string' ? { links: [{ href: answer.data.apply_url, label: 'Continue your application' }] } : {}) });
      }
    } else {
      setMessage({ text: answer.message ?? 'Something went wrong. Please try again', kind: 'error' });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || inert) return;
    const answers: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (name.startsWith('answer_') && typeof value === 'string') answers[name] = value;
    if (!signedIn()) {
      // A visitor registers first; the apply action's completion callback continues the application.
      await registerThen({
        copyVariant: 'apply',
        action: 'apply',
        source,
        componentId,
        listingKey,
        ...(listingVersionKey ? { listingVersionKey } : {}),
        jobSummary,
        opener: event.currentTarget.querySelector('button'),
        onComplete: () => void apply(answers),
      });
      return;
    }
    await apply(answers);
  };

  return (
    <div className="apply-control">
      {applied ? (
        <p className="applied-status">
          <Badge tone="success">Applied</Badge>
        </p>
      ) : (
        // noValidate: an unanswered question is asked in the apply steps (decision 0233), not blocked here.
        <form method="post" action={SEEKER_PATHS.apply} onSubmit={onSubmit} noValidate>
          <input type="hidden" name="listing_key" value={listingKey} />
          {questions.length ? (
            <fieldset className="screening-questions">
              <legend>The employer asks</legend>
              {questions.map((question) =>
                question.kind === 'yes_no' ? (
                  <RadioGroup key={question.name} className="screening-question" legend={question.text} name={question.name} required options={YES_NO} />
                ) : (
                  <div key={question.name} className="screening-question">
                    <label htmlFor={`screening-${question.name}`}>{question.text}</label>
                    <input id={`screening-${question.name}`} name={question.name} type="text" maxLength={500} required />
                  </div>
                ),
              )}
            </fieldset>
          ) : null}
          <Button type="submit" loading={busy}>
            Apply
          </Button>
        </form>
      )}
      <div role="status" aria-live="polite" className={message?.kind === 'error' ? 'seeker-error' : 'seeker-ok'}>
        {message ? (
          <p>
            {message.text}{' '}
            {message.links?.map((link, at) => (
              <span key={link.href}>
                {at ? ' · ' : null}
                <a href={link.href}>{link.label}</a>
              </span>
            ))}
          </p>
        ) : null}
      </div>
      {dialog ? (
        <dialog.Dialog listingKey={listingKey} jobSummary={jobSummary} initialAnswers={dialog.answers} onApplied={sent} onClose={() => setDialog(null)} />
      ) : null}
      {justApplied ? (
        <p className="spotlight-after-apply">
          Stand out to this employer:{' '}
          <SpotlightEntryLink context={{ source: 'POST_APPLY', listingKey }}>add a candidate spotlight</SpotlightEntryLink>, short answers they see first.
        </p>
      ) : null}
    </div>
  );
}
