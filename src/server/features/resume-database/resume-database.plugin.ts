import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { quickHook } from '../../lib/quick-hook';
import { touchLastActive } from './resume-database.repository';
import { findMeProps, refreshSearchableSeeker, resumeViewsThisMonth } from './resume-database.service';
import { DAY_MS } from '../../../shared/time';

/** Remembered per process; past this many people the memory starts over (one extra query each, no harm). */
const MAX_REMEMBERED = 50_000;

/**
 * "Last active" for the résumé database (decision 0162): a job seeker's own request moves
 * resume_seekers.last_active_at at most once a UTC day. Each instance remembers whom it already touched
 * today, so a person costs one UPDATE a day per instance (none at all when not in the résumé
 * database beyond that one); the UPDATE itself only writes when the stored day is older.
 * The same daily moment refreshes their searchable row (the jobs they applied to since).
 */
async function resumeDatabasePlugin(app: FastifyInstance) {
  // Its parts of the seeker's and the company's pages (decision 0314): the find-me switch, the searchable
  // row kept in step with the profile, and the plan page's count of views.
  app.extendSeeker({ findMeProps, profileChanged: refreshSearchableSeeker });
  app.extendCompanies({ resumeViewsThisMonth });
  const touched = new Map<string, number>();
  app.addHook('preHandler', quickHook((request) => request.user?.side === 'seeker', async (request) => {
    const user = request.user;
    if (!user || user.side !== 'seeker') return;
    const now = app.now();
    const day = Math.floor(now / DAY_MS);
    if (touched.get(user.id) === day) return;
    if (touched.size >= MAX_REMEMBERED) touched.clear();
    touched.set(user.id, day);
    try {
      if (await touchLastActive(app.db, user.id, now)) await refreshSearchableSeeker(app.db, user.id, now);
    } catch (error) {
      // Activity is a nicety: a failure must not fail the person's request.
      touched.delete(user.id);
      request.log.warn({ err: error }, 'résumé database: last active not recorded');
    }
  }));
}

export default fp(resumeDatabasePlugin, { name: 'resume-database', dependencies: ['config', 'sessions', 'seeker', 'companies'] });
