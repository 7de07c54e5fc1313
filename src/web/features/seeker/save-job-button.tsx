import { useState, type FormEvent } from 'react';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import type { JobSummary } from '../../ui/modal';
import { useShell } from '../../shell/shell-context';
import { registerThen, signedInOnThisPage, type SearchContextCopy } from './registration-bridge';
import { postForm } from './seeker-api';
// The job page uses these buttons without the seeker pages' own stylesheet.
import './seeker.css';
import { Heart } from 'lucide';
import { Icon } from '../../ui/icon';

export interface SaveJobButtonProps {
  listingKey: string;
  jobTitle: string;
  saved: boolean;
  /** Where a plain form post (no JavaScript) comes back to. */
  next: string;
  onChange?: (saved: boolean) => void;
  /** Where the control is, for the registration modal (spec 3 source, component id). */
  source: string;
  componentId: string;
  /** On a results page: the modal's search-context copy, and the alert a new account gets. */
  searchContext?: SearchContextCopy;
  /** The job, for the registration modal's header (spec 2.6). */
  jobSummary?: JobSummary;
  /** The listing's version, sent with the registration (spec 3). */
  listingVersionKey?: string;
}

/**
 * A form that works without JavaScript (the server saves and redirects back); after hydration a
 * signed-in person's click posts in the background and the button shows the new state.
 */
export function SaveJobButton({ listingKey, jobTitle, saved: initiallySaved, next, onChange, source, componentId, searchContext, jobSummary, listingVersionKey }: SaveJobButtonProps) {
  const shell = useShell();
  const [saved, setSaved] = useState(initiallySaved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!shell.user && !signedInOnThisPage()) {
      // A visitor registers first; the flow's save action posts archive=0 and the page does not reload.
      // (Without JavaScript the form posts and the server sends them to log in and back.)
      const opener = event.currentTarget.querySelector('button');
      await registerThen({
        copyVariant: 'save',
        action: 'save',
        source,
        componentId,
        listingKey,
        ...(listingVersionKey ? { listingVersionKey } : {}),
        searchContext,
        jobSummary,
        opener,
        onComplete: () => {
          setSaved(true);
          onChange?.(true);
        },
      });
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await postForm(SEEKER_PATHS.toggleSave, { archive: saved ? '1' : '0', listing_key: listingKey });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    const now = answer.data.saved === true;
    setSaved(now);
    onChange?.(now);
  };

  return (
    <form method="post" action={SEEKER_PATHS.toggleSave} className="save-job-form" onSubmit={onSubmit}>
      <input type="hidden" name="archive" value={saved ? '1' : '0'} />
      <input type="hidden" name="listing_key" value={listingKey} />
      <input type="hidden" name="next" value={next} />
      <button type="submit" className={`button save-job-button${saved ? ' is-saved' : ''}`} aria-pressed={saved} aria-busy={busy || undefined}>
        <Icon icon={Heart} className="save-job-icon" />
        <span className="save-job-word">{saved ? 'Saved' : 'Save'}</span>
        <span className="visually-hidden">{` ${jobTitle}`}</span>
      </button>
      {error ? (
        <p className="seeker-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
