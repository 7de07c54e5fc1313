import { useState, type ComponentType, type MouseEvent } from 'react';
import { reportJobPath } from '../../../shared/employer-jobs/moderation';
import type { ReportJobDialogProps } from './report-job-dialog';

/**
 * "Report this job" on the job page (decision 0298): a link to the report page, which with script
 * opens the dialog instead. The dialog's code loads on the first click, never with the page.
 */
export function ReportJobLink({ jobId, jobTitle }: { jobId: string; jobTitle: string }) {
  const [Dialog, setDialog] = useState<ComponentType<ReportJobDialogProps> | null>(null);
  const href = reportJobPath(jobId);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    import('./report-job-dialog').then(
      (loaded) => setDialog(() => loaded.ReportJobDialog),
      () => window.location.assign(href),
    );
  };
  return (
    <p className="job-report-link">
      <a href={href} onClick={open}>
        Report this job
      </a>
      {Dialog ? <Dialog jobId={jobId} jobTitle={jobTitle} onClose={() => setDialog(null)} /> : null}
    </p>
  );
}
