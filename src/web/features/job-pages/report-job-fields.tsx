import { JOB_REPORT_LIMITS, JOB_REPORT_REASONS, JOB_REPORT_REASON_LABELS, type JobReportPageProps } from '../../../shared/employer-jobs/moderation';
import { CheckboxField } from '../../ui/choice-inputs';

/** The report's reasons and details, as the page's plain form and the job page's dialog both show them (decision 0298). */
export function ReportJobFields({ idPrefix, values, errors }: { idPrefix: string; values: JobReportPageProps['values']; errors: JobReportPageProps['errors'] }) {
  const reasonsError = `${idPrefix}-reasons-error`;
  const detailsError = `${idPrefix}-details-error`;
  return (
    <>
      <fieldset className="report-reasons" aria-describedby={errors.reasons ? reasonsError : undefined}>
        <legend>What is wrong with this job?</legend>
        {JOB_REPORT_REASONS.map((reason) => (
          <CheckboxField key={reason} name="reasons" value={reason} defaultChecked={values.reasons.includes(reason)} label={JOB_REPORT_REASON_LABELS[reason]} />
        ))}
        {errors.reasons ? (
          <p className="report-error" id={reasonsError}>
            {errors.reasons}
          </p>
        ) : null}
      </fieldset>
      <div className="report-details">
        <label htmlFor={`${idPrefix}-details`}>Details (optional)</label>
        <textarea
          id={`${idPrefix}-details`}
          name="details"
          maxLength={JOB_REPORT_LIMITS.detailsMax}
          defaultValue={values.details}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? detailsError : undefined}
        />
        {errors.details ? (
          <p className="report-error" id={detailsError}>
            {errors.details}
          </p>
        ) : null}
      </div>
    </>
  );
}
