// The applicant inbox's public module (issue 12): what other features and scripts (the bench seed) use.
import type { Db } from '../../db/database';
import type { Place } from '../jobs/places';
import { applicationAnswers } from './applicants.repository';
import { scoreApplicant } from './match';

export { moveStages, withdrawApplication, markOpened } from './applicants.repository';
export { scoreApplicant, distanceLabel } from './match';

const BATCH = 500;

/**
 * Computes and stores the match of every application of the company (or of one job) whose match is
 * missing or older than its job's last edit. Run before the inbox is read, so sorting by match is an
 * index order over stored scores (decision 0151); a new application costs one score on the next visit.
 * Answers how many were scored.
 */
export async function refreshMatches(db: Db, scope: { companyId: string; jobId?: string | null }, now: number): Promise<number> {
  let query = db
    .selectFrom('job_applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.job_id', 'a.headline', 'a.location'])
    .where('j.company_id', '=', scope.companyId)
    .where('a.withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('a.match_computed_at', 'is', null), eb('a.match_computed_at', '<', eb.ref('j.updated_at'))]));
  if (scope.jobId) query = query.where('a.job_id', '=', scope.jobId);
  const stale = await query.limit(20_000).execute();
  if (stale.length === 0) return 0;

  const jobIds = [...new Set(stale.map((row) => row.job_id))];
  const jobs = new Map(
    (
      await db
        .selectFrom('jobs')
        .select(['id', 'title', 'category', 'remote', 'state', 'latitude', 'longitude', 'pay_min', 'pay_max', 'pay_period', 'updated_at'])
        .where('id', 'in', jobIds)
        .execute()
    ).map((job) => [job.id, job]),
  );
  const questionCounts = new Map(
    (
      await db
        .selectFrom('job_screening_questions')
        .select((eb) => ['job_id', eb.fn.countAll<number>().as('count')])
        .where('job_id', 'in', jobIds)
        .groupBy('job_id')
        .execute()
    ).map((row) => [row.job_id, Number(row.count)]),
  );
  const placeCache = new Map<string, Place | null>();
  let scored = 0;
  for (let start = 0; start < stale.length; start += BATCH) {
    const batch = stale.slice(start, start + BATCH);
    const answers = new Map<string, Array<{ question: string; answer: string; dealBreakerFailed: boolean }>>();
    for (const row of await applicationAnswers(
      db,
      batch.map((row) => row.id),
    )) {
      const list = answers.get(row.application_id) ?? [];
      list.push({ question: row.question, answer: row.answer, dealBreakerFailed: Number(row.deal_breaker_failed) === 1 });
      answers.set(row.application_id, list);
    }
    await db.transaction().execute(async (trx) => {
      for (const row of batch) {
        const job = jobs.get(row.job_id);
        if (!job) continue;
        const match = scoreApplicant(
          { ...job, remote: Number(job.remote), latitude: Number(job.latitude), longitude: Number(job.longitude), pay_min: Number(job.pay_min), pay_max: Number(job.pay_max) },
          { headline: row.headline, location: row.location, questions: questionCounts.get(row.job_id) ?? 0, answers: answers.get(row.id) ?? [] },
          placeCache,
        );
        await trx
          .updateTable('job_applications')
          .set({ match_score: match.score, match_reasons: JSON.stringify(match.reasons), distance_miles: match.distanceMiles, match_computed_at: Math.max(now, Number(job.updated_at)) })
          .where('id', '=', row.id)
          .execute();
        scored += 1;
      }
    });
  }
  return scored;
}
