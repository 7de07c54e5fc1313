// The spotlight's public module: what other features (the employer's applicant inbox, issue 12) use.
// Nothing else in this folder is meant to be imported from outside it.
import type { SessionUser as RequestUser } from '../sessions/session-repository';
import type { Db } from '../../db/database';
import { SPOTLIGHT_PROMPT_IDS, spotlightCaptionsPath, spotlightMediaPath, type SpotlightAnswerKind, type SpotlightPromptId } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';
import { listAnswers } from './spotlight.repository';
import type { SpotlightAnswerRow } from './spotlight.table';

export function answerView(row: SpotlightAnswerRow): SpotlightAnswerView {
  const media = row.kind !== 'text' && row.storage_key !== null;
  return {
    id: row.id,
    prompt: row.prompt as SpotlightPromptId,
    kind: row.kind as SpotlightAnswerKind,
    text: row.kind === 'text' ? row.text : null,
    transcript: media ? row.transcript : null,
    contentType: media ? row.content_type : null,
    durationSeconds: row.duration_ms === null ? null : Math.round(Number(row.duration_ms) / 100) / 10,
    mediaUrl: media ? spotlightMediaPath(row.id) : null,
    captionsUrl: media && row.transcript ? spotlightCaptionsPath(row.id) : null,
    createdAt: Number(row.created_at),
  };
}

/** A seeker's answers with their transcripts, in the prompts' order. Check canViewSpotlightOf first. */
export async function listSpotlightAnswers(db: Db, seekerAccountId: string): Promise<SpotlightAnswerView[]> {
  const rows = await listAnswers(db, seekerAccountId);
  const order = (row: SpotlightAnswerRow) => SPOTLIGHT_PROMPT_IDS.indexOf(row.prompt as SpotlightPromptId);
  return rows.sort((a, b) => order(a) - order(b)).map(answerView);
}

/** Whether the seeker has a spotlight at all (the inbox marks them "Spotlight" and ranks them first among equals). */
export async function hasSpotlight(db: Db, seekerAccountId: string): Promise<boolean> {
  const row = await db.selectFrom('spotlight_answers').select('id').where('account_id', '=', seekerAccountId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The access rule for a seeker's answers and their media: the seeker, and the team of any company the
 * seeker has an application with that they have not withdrawn. Everyone else is answered 404, as if
 * the answer did not exist (decision 0133), as every other applicant route answers a withdrawn
 * application (decisions 0150, 0226).
 */
export async function canViewSpotlightOf(db: Db, viewer: RequestUser | null, seekerAccountId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.id === seekerAccountId) return true;
  // The team of a company the seeker applied to and did not withdraw from (decision 0133): membership
  // and withdrawal are read at each request, so a removed member or a withdrawal closes access at once.
  const applied = await db
    .selectFrom('job_applications as application')
    .innerJoin('jobs as job', 'job.id', 'application.job_id')
    .innerJoin('company_members as member', 'member.company_id', 'job.company_id')
    .select('application.id')
    .where('application.account_id', '=', seekerAccountId)
    .where('member.account_id', '=', viewer.id)
    .where('application.withdrawn_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return applied !== undefined;
}
