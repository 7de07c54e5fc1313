import { NOTIFICATION_PATHS } from '../../shared/notifications/notifications';
import type { ShellData } from '../../shared/page-data';

/** The header's bell for a signed-in person: a link to their side's notifications, with the unread count (decision 0228). */
export function NotificationBell({ user, unread }: { user: NonNullable<ShellData['user']>; unread: number }) {
  const href = user.side === 'employer' ? NOTIFICATION_PATHS.employer : NOTIFICATION_PATHS.seeker;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <a className="header-bell" href={href} aria-label={label}>
      <svg className="header-bell__icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {unread > 0 ? (
        <span className="header-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </a>
  );
}
