// The notification lists (issue 42, decision 0228): /candidate/notifications for the job seeker and
// /employer/notifications for the team member, each person's own only. Plain form posts (same-origin,
// no JavaScript needed): mark one read, open one (marked read, then its link), mark all read, and the
// email choices posted from /candidate/about and /user/account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APPLICANT_MAIL_PATHS } from '../../../shared/applicant-mail/settings';
import { isEmailKind } from '../../../shared/mail/kinds';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_NOTICES,
  notificationActionPaths,
  type NotificationKind,
  type NotificationNotice,
  type NotificationSide,
  type NotificationsPageProps,
  type NotificationView,
} from '../../../shared/notifications/notifications';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { RowIdSchema } from '../../shared/form-fields';
import { formFields, noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';
import { sendNotFound, signedInUser } from '../sessions/route-guard';
import type { NotificationRow } from './notifications.table';
import { findNotification, listNotifications, markAllRead, markRead, setEmailChoices, unreadCount } from './notifications.service';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/time';

const PRIVATE = 'private, no-store';
/** Any id is looked up: one we could not have made is simply not found (404). */
const IdParamsSchema = z.object({ id: pathSegment });
const NoticeQuerySchema = z
  .object({ notice: z.enum(Object.keys(NOTIFICATION_NOTICES) as [NotificationNotice, ...NotificationNotice[]]).optional().catch(undefined) })
  .catch({ notice: undefined });
/** Checkboxes: each checked one sends its kind as "on" under its own name; unknown names are ignored. */
const EmailChoicesSchema = formFields;

const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Just now", "5 minutes ago", "3 hours ago", "Yesterday", "4 days ago", then the date. */
export function whenLabel(at: number, now: number): string {
  const age = Math.max(0, now - at);
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return age < 2 * MINUTE_MS ? '1 minute ago' : `${Math.floor(age / MINUTE_MS)} minutes ago`;
  if (age < DAY_MS) return age < 2 * HOUR_MS ? '1 hour ago' : `${Math.floor(age / HOUR_MS)} hours ago`;
  if (age < 2 * DAY_MS) return 'Yesterday';
  if (age < 7 * DAY_MS) return `${Math.floor(age / DAY_MS)} days ago`;
  return days.format(new Date(at));
}

const kindOf = (kind: string): NotificationKind => ((NOTIFICATION_KINDS as readonly string[]).includes(kind) ? (kind as NotificationKind) : 'message');

function view(row: NotificationRow, now: number): NotificationView {
  const at = Number(row.created_at);
  return { id: row.id, kind: kindOf(row.kind), text: row.text, when: whenLabel(at, now), at: new Date(at).toISOString(), read: row.read_at !== null };
}

export default async function notificationsRoutes(app: RoutesApp) {
  const listKey = app.config.UNSUBSCRIBE_LIST_KEY;

  function register(side: NotificationSide) {
    const paths = notificationActionPaths(side);
    const config = { requireRole: side } as const;
    const back = (notice: NotificationNotice) => `${paths.list}?notice=${notice}`;

    app.get(paths.list, { config, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
      const user = signedInUser(request);
      const { query } = request;
      const now = app.now();
      const rows = await listNotifications(app.db, user.id, side);
      const props: NotificationsPageProps = {
        side,
        notifications: rows.map((row) => view(row, now)),
        unread: await unreadCount(app.db, user.id, side),
        notice: query.notice ? NOTIFICATION_NOTICES[query.notice] : null,
        emailSettingsHref: side === 'employer' ? `${APPLICANT_MAIL_PATHS.account}#email-choices` : `${SEEKER_PATHS.about}#email-choices`,
      };
      return reply.header('cache-control', PRIVATE).renderPage('notifications', props, { title: 'Notifications', noIndex: true });
    });

    /** The person's own notification named in the path, or null after answering 404. */
    async function own(request: FastifyRequest, reply: FastifyReply, id: string): Promise<NotificationRow | null> {
      const found = RowIdSchema.safeParse(id).success ? await findNotification(app.db, signedInUser(request).id, side, id) : undefined;
      if (found) return found;
      await sendNotFound(request, reply);
      return null;
    }

    app.post(`${paths.list}/:id/read`, { config, schema: { params: IdParamsSchema, body: noBody } }, async (request, reply) => {
      const found = await own(request, reply, request.params.id);
      if (!found) return reply;
      await markRead(app.db, signedInUser(request).id, side, found.id, app.now());
      return reply.header('cache-control', PRIVATE).redirect(back('read'), 303);
    });

    // Opening one marks it read and follows its link (always our own path: notify() refused any other).
    app.post(`${paths.list}/:id/open`, { config, schema: { params: IdParamsSchema, body: noBody } }, async (request, reply) => {
      const found = await own(request, reply, request.params.id);
      if (!found) return reply;
      await markRead(app.db, signedInUser(request).id, side, found.id, app.now());
      return reply.header('cache-control', PRIVATE).redirect(found.link, 303);
    });

    app.post(paths.readAll, { config, schema: { body: noBody } }, async (request, reply) => {
      await markAllRead(app.db, signedInUser(request).id, side, app.now());
      return reply.header('cache-control', PRIVATE).redirect(back('allRead'), 303);
    });

    app.post(paths.emails, { config, schema: { body: EmailChoicesSchema } }, async (request, reply) => {
      const { body } = request;
      const on = new Set(Object.entries(body).flatMap(([name, value]) => (value === 'on' && isEmailKind(name) ? [name] : [])));
      const user = signedInUser(request);
      await setEmailChoices(app.db, listKey, user.email, side, on, app.now());
      const settings = side === 'employer' ? `${APPLICANT_MAIL_PATHS.account}?notice=emails` : `${SEEKER_PATHS.about}?notice=emails`;
      return reply.header('cache-control', PRIVATE).redirect(`${settings}#email-choices`, 303);
    });
  }

  register('seeker');
  register('employer');
}
