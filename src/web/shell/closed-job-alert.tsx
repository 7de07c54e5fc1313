import { useState } from 'react';
import './alert.css';

export const CLOSED_JOB_MESSAGE = "We're sorry, the job you were trying to access has closed.";

/** Shown when the page was reached with closed_job_redirect=1 (spec 2.2); dismissing it also drops the flag from the address. */
export function ClosedJobAlert({ show }: { show: boolean }) {
  const [visible, setVisible] = useState(show);
  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    const url = new URL(window.location.href);
    url.searchParams.delete('closed_job_redirect');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  };
  return (
    <div className="alert" role="status">
      <p>{CLOSED_JOB_MESSAGE}</p>
      <button type="button" className="icon-button alert-close" onClick={dismiss}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  );
}
