// The job seeker's settings (issue 43, decision 0234): /candidate/password, the page spec 2.1 names.
// Sign-in is by code, so there is no password to change: the page says so, shows the email and the
// live sessions with "sign out everywhere", the email choices and the "Your data" section. A seeker
// who opens /user/account (the employer's page) is sent here.
import { z } from 'zod';
import { notificationActionPaths } from '../../../shared/notifications/notifications';
import { ONBOARDING_PATHS, type RecentSearch, type SeekerSettingsProps } from '../../../shared/seeker/onboarding';
import { noBody, type RoutesApp } from '../../shared/route-contracts';
import { emailChoicesOf } from '../notifications/notifications.service';
import { countActiveSessions, deleteAccountSessions } from '../sessions/account-sessions';
import { signedInUser } from '../sessions/route-guard';
import { recentSearches } from './seeker.repository';

const PRIVATE = 'private, no-store';
const seeker = { requireRole: 'seeker' } as const;
const NoticeQuerySchema = z.object({ notice: z.enum(['emails']).optional().catch(undefined) }).catch({ notice: undefined });
/** Recent searches shown under a search form. */
export const RECENT_SEARCHES_SHOWN = 5;

/** Newest first, the same words and place once (case aside), empty ones left out. */
export function distinctSearches(rows: Array<{ search: string; location: string }>, limit: number): RecentSearch[] {
  const seen = new Set<string>();
  const out: RecentSearch[] = [];
  for (const row of rows) {
    const key = `${row.search.toLowerCase()}\u0000${row.location.toLowerCase()}`;
    if ((!row.search && !row.location) || seen.has(key)) continue;
    seen.add(key);
    out.push({ search: row.search, location: row.location });
    if (out.length === limit) break;
  }
  return out;
}

export default async function seekerSettingsRoutes(app: RoutesApp) {
  app.get(ONBOARDING_PATHS.settings, { config: { ...seeker, signInNext: () => ONBOARDING_PATHS.settings }, schema: { querystring: NoticeQuerySchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const { query } = request;
    const props: SeekerSettingsProps = {
      email: user.email,
      activeSessions: await countActiveSessions(app.db, user.id, app.now()),
      notice: null,
      emailChoices: await emailChoicesOf(app.db, app.config.UNSUBSCRIBE_LIST_KEY, user.email, 'seeker', notificationActionPaths('seeker').emails, query.notice === 'emails'),
    };
    return reply.header('cache-control', PRIVATE).renderPage('seeker-settings', props, { title: 'Settings', noIndex: true });
  });

  app.post(ONBOARDING_PATHS.signOutEverywhere, { config: { ...seeker, signInNext: () => ONBOARDING_PATHS.settings }, schema: { body: noBody } }, async (request, reply) => {
    const user = signedInUser(request);
    await app.endSession(request, reply);
    await deleteAccountSessions(app.db, user.id);
    return reply.header('cache-control', PRIVATE).redirect('/', 303);
  });

  // Per account; a visitor's recent searches live in their browser (localStorage), so they get none here.
  const recentSchema = { response: { 200: z.object({ searches: z.array(z.object({ search: z.string(), location: z.string() })) }) } };
  app.get(ONBOARDING_PATHS.recentSearches, { schema: recentSchema }, async (request, reply) => {
    const searches = request.user ? distinctSearches(await recentSearches(app.db, request.user.id, 20), RECENT_SEARCHES_SHOWN) : [];
    return reply.header('cache-control', PRIVATE).header('vary', 'cookie').send({ searches });
  });
}
