// A scheduled publish the scheduler refused is emailed, once, to whoever scheduled it (decision 0310):
// the reason, that the draft is kept, and a link to the job's form.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { editJobPath } from '../../../shared/employer-jobs/page-props';
import { DEFAULT_TIME_ZONE, formatInZone } from '../../../shared/interviews/time-zones';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { MailMessageSchema } from '../mail/mail-message.schema';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { RunningJob } from '../queue/queue';

export const PublishRefusedMailJobSchema = z.object({ jobId: z.string(), message: MailMessageSchema });
export type PublishRefusedMailJob = z.infer<typeof PublishRefusedMailJobSchema>;

/** One email per refused scheduled time: a draft scheduled again and refused again is news again. */
export const publishRefusedKey = (jobId: string, publishAt: number) => `publish-refused:${jobId}:${publishAt}`;

/**
 * Who hears of it: the person who scheduled it while they are still in the company, otherwise its owner
 * (an account erased, a recruiter who left, a draft scheduled before who scheduled was kept). Null when
 * the company has nobody.
 */
export async function publishRefusedRecipient(db: Db, companyId: string, scheduledBy: string | null): Promise<string | null> {
  const members = await db
    .selectFrom('company_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['a.email', 'm.account_id', 'm.role'])
    .where('m.company_id', '=', companyId)
    .where((eb) => (scheduledBy === null ? eb('m.role', '=', 'owner') : eb.or([eb('m.account_id', '=', scheduledBy), eb('m.role', '=', 'owner')])))
    .orderBy('m.created_at')
    .execute();
  return (members.find((member) => member.account_id === scheduledBy) ?? members.find((member) => member.role === 'owner'))?.email ?? null;
}

export function publishRefusedEmail(options: { to: string; jobId: string; title: string; publishAt: number; timeZone: string | null; reasons: string[]; publicUrl: string }): MailMessage {
  const when = formatInZone(options.publishAt, options.timeZone ?? DEFAULT_TIME_ZONE);
  const href = `${options.publicUrl}${editJobPath(options.jobId)}`;
  const intro = `Your job "${options.title}" was scheduled to go live on ${when}, but it could not be published.`;
  const kept = 'It is still a draft, as you left it: nothing is lost. Open it to fix this, then publish it or choose a new time.';
  return {
    to: options.to,
    subject: `Not published: "${options.title}"`,
    text: [intro, '', 'Why:', ...options.reasons.map((reason) => `- ${reason}`), '', kept, href].join('\n'),
    html:
      '<!doctype html><html lang="en"><body>' +
      `<p>${escapeHtml(intro)}</p><p>Why:</p><ul>${options.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul>` +
      `<p>${escapeHtml(kept)}</p><p><a href="${escapeHtml(href)}">Open “${escapeHtml(options.title)}”</a></p>` +
      '</body></html>',
  };
}

/** The queued job: skipped once the draft is gone or published by hand. A failed send throws, so the queue retries it. */
export async function sendPublishRefused(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }, job: RunningJob<PublishRefusedMailJob>): Promise<string> {
  const draft = await deps.db.selectFrom('jobs').select('status').where('id', '=', job.payload.jobId).executeTakeFirst();
  if (draft?.status !== 'draft') return 'skipped';
  try {
    await deps.mailer.send({ ...job.payload.message, messageId: job.messageId });
  } catch (error) {
    deps.log.warn({ err: error, jobId: job.payload.jobId, attempt: job.attempt }, 'refused publish email not sent');
    throw error;
  }
  return 'sent';
}
