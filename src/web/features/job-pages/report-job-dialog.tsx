import { useId, useState, type FormEvent } from 'react';
import { request, isRecord } from '../../../shared/http/request';
import { JOB_REPORT_MESSAGES, reportJobPath, type JobReportPageProps } from '../../../shared/employer-jobs/moderation';
import { Modal } from '../../ui/modal';
import { ReportJobFields } from './report-job-fields';
import { Button } from '../../ui/button';
import './report-job.css';

export interface ReportJobDialogProps {
  jobId: string;
  jobTitle: string;
  onClose: () => void;
}

/** "Report this job" as a dialog on the job page, loaded on demand (decision 0298): reasons, details, Send. */
export function ReportJobDialog({ jobId, jobTitle, onClose }: ReportJobDialogProps) {
  const headingId = useId();
  const [errors, setErrors] = useState<JobReportPageProps['errors']>({});
  const [values, setValues] = useState<JobReportPageProps['values']>({ reasons: [], details: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const typed = { reasons: data.getAll('reasons').map(String), details: String(data.get('details') ?? '') };
    setValues(typed);
    setBusy(true);
    setFailure(null);
    const answer = await request({ method: 'POST', path: reportJobPath(jobId), json: typed });
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setSent(true);
      return;
    }
    const body = isRecord(answer.body) ? answer.body : {};
    if (answer.httpStatus === 400 && isRecord(body.errors)) {
      const found = body.errors;
      setErrors({ reasons: typeof found.reasons === 'string' ? found.reasons : undefined, details: typeof found.details === 'string' ? found.details : undefined });
      return;
    }
    setFailure(answer.httpStatus === 404 ? JOB_REPORT_MESSAGES.notFound : answer.message);
  };

  return (
    <Modal open onClose={onClose} labelledBy={headingId} size="dialog">
      <div className="report-dialog">
        <h2 id={headingId}>Report this job</h2>
        {sent ? (
          <>
            <p role="status">{JOB_REPORT_MESSAGES.sent}</p>
            <Button onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <form className="report-form" onSubmit={onSubmit} noValidate>
            <p className="visually-hidden">{jobTitle}</p>
            {/* Remounted with each answer, so the fields show what was sent and the messages beside them. */}
            <ReportJobFields key={JSON.stringify(errors)} idPrefix="report-dialog" values={values} errors={errors} />
            {failure ? <p role="alert" className="report-error">{failure}</p> : null}
            <div className="report-actions">
              <Button type="submit" loading={busy}>
                Send report
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
