import type { DashboardStatus } from '../../../shared/employer-jobs/page-props';
import { Badge, type BadgeTone } from '../../ui/badge';

/** A live job reads as good news, a refusal as a problem, one waiting for review as a caution; the rest plainly. */
const STATUS_TONES: Record<DashboardStatus, BadgeTone> = { draft: 'neutral', in_review: 'warning', rejected: 'danger', open: 'success', paused: 'neutral', closed: 'neutral', expired: 'neutral' };

/** A job's status as one Badge, in the tones chosen once for the employer's jobs (decision 0323). */
export function JobStatusBadge({ status, label }: { status: DashboardStatus; label: string }) {
  return <Badge tone={STATUS_TONES[status]}>{label}</Badge>;
}
