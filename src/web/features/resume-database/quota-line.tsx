import type { ResumeQuota } from '../../../shared/resume-database/page-props';

/** "N of M profile views left this month": shown on the search and on every profile. */
export function QuotaLine({ quota }: { quota: ResumeQuota }) {
  return (
    <p className="resume-quota">
      {`${quota.left.toLocaleString('en-US')} of ${quota.limit.toLocaleString('en-US')} profile views left this month`}
    </p>
  );
}
