/**
 * Each follow-up email and notification, claimed before it goes (decision 0232, as decision 0156 does
 * for applicant emails): the unique key (kind, application, recipient) lets one instance, one run, send
 * it once. kind 'reminder': to each team member at 14 days without an answer; 'closed': to the
 * candidate when the application is closed at 30 days.
 */
export interface FollowUpDeliveriesTable {
  id: string;
  kind: string;
  application_id: string;
  recipient_id: string;
  /** claimed, sent, failed */
  status: string;
  claimed_at: number;
  finished_at: number | null;
}
