import { notificationActionPaths, NOTIFICATION_PATHS, type NotificationsPageProps } from '../../shared/notifications/notifications';
import { NotificationList } from '../features/notifications/notification-list';
import { SeekerNav } from '../features/seeker/seeker-nav';
import '../features/companies/employers.css';
import '../features/seeker/seeker.css';
import '../features/notifications/notifications.css';
import { countOf } from '../../shared/plural';
import { Button } from '../ui/button';

/** /candidate/notifications and /employer/notifications: the same list, in each side's frame. */
export default function NotificationsPage({ props }: { props: NotificationsPageProps }) {
  const paths = notificationActionPaths(props.side);
  const employer = props.side === 'employer';
  return (
    <section className={employer ? 'employer-page' : 'seeker-page'} aria-labelledby="notifications-heading">
      <h1 id="notifications-heading">Notifications</h1>
      {employer ? null : <SeekerNav current={NOTIFICATION_PATHS.seeker} />}
      {props.notice ? (
        <p className={employer ? 'employer-notice' : 'seeker-notice'} role="status">
          {props.notice}
        </p>
      ) : null}
      <div className="notifications-head">
        <p>{props.unread === 0 ? 'You are all caught up.' : countOf(props.unread, 'unread notification', 'unread notifications')}</p>
        {props.unread > 0 ? (
          <form method="post" action={paths.readAll}>
            <Button type="submit" variant="secondary">
              Mark all as read
            </Button>
          </form>
        ) : null}
      </div>
      <NotificationList side={props.side} notifications={props.notifications} />
      <p>
        <a href={props.emailSettingsHref}>Choose which of these also come by email</a>
      </p>
    </section>
  );
}
