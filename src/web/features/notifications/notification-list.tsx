import { notificationActionPaths, type NotificationSide, type NotificationView } from '../../../shared/notifications/notifications';
import { Bell } from 'lucide';
import { EmptyState } from '../../ui/empty-state';

/** Each notification opens by a form post (marked read, then its link); unread ones can be marked read where they are. */
export function NotificationList({ side, notifications }: { side: NotificationSide; notifications: NotificationView[] }) {
  const paths = notificationActionPaths(side);
  if (notifications.length === 0) {
    return (
      <EmptyState icon={Bell} title="Nothing yet">
        <p>We&apos;ll let you know here when something happens.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="notification-list">
      {notifications.map((notification) => (
        <li key={notification.id} className={notification.read ? 'notification' : 'notification is-unread'}>
          <span className="notification__dot" aria-hidden="true" />
          <div className="notification__body">
            <form method="post" action={paths.open(notification.id)}>
              <button type="submit" className="notification__open">
                {notification.read ? null : <span className="visually-hidden">Unread: </span>}
                {notification.text}
              </button>
            </form>
            <div className="notification__meta">
              <time dateTime={notification.at}>{notification.when}</time>
              {notification.read ? null : (
                <form method="post" action={paths.read(notification.id)}>
                  <button type="submit" className="notification__read">
                    Mark as read
                  </button>
                </form>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
