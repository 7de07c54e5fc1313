import { NOTIFICATION_PATHS } from '../../shared/notifications/notifications';
import type { ShellData } from '../../shared/page-data';
import { Bell } from 'lucide';
import { Icon } from '../ui/icon';

/** The header's bell for a signed-in person: a link to their side's notifications, with the unread count (decision 0228). */
export function NotificationBell({ user, unread }: { user: NonNullable<ShellData['user']>; unread: number }) {
  const href = user.side === 'employer' ? NOTIFICATION_PATHS.employer : NOTIFICATION_PATHS.seeker;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <a className="header-bell" href={href} aria-label={label}>
      <Icon icon={Bell} className="header-bell__icon" />
      {unread > 0 ? (
        <span className="header-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </a>
  );
}
