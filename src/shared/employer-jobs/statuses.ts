// A job's status as its employer sees it (the dashboard, the posting page, the admins' job page), and its word.
export const DASHBOARD_STATUSES = ['draft', 'in_review', 'rejected', 'open', 'paused', 'closed', 'expired'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
export const DASHBOARD_STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  rejected: 'Rejected',
  open: 'Live',
  paused: 'Paused',
  closed: 'Closed',
  expired: 'Expired',
};
