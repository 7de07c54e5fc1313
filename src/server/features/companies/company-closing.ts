// The owner closes the company and may reactivate it within 90 days (issue 44, decision 0289).
import type { Db } from '../../db/database';
import { REACTIVATE_DAYS } from '../../../shared/companies/plan-usage';
import { withCompanyRowLock } from './plan-limits';
import { DAY_MS } from '../../../shared/time';


/** Jobs a closing company takes down: live, paused, or waiting for review. Drafts stay drafts. */
const CLOSED_WITH_COMPANY = ['open', 'paused', 'in_review'] as const;

export type CloseResult = { closed: true; jobsClosed: number } | { closed: false };

/**
 * Closes the company: one conditional update claims it (an open company), then its live, paused and
 * waiting jobs close and its open invitations are withdrawn, in one transaction. The team keeps its
 * membership rows, so reactivating gives everyone their access back; the route guard turns them away
 * while the company is closed.
 */
export async function closeCompany(db: Db, input: { companyId: string; accountId: string; now: number }): Promise<CloseResult> {
  const { companyId, now } = input;
  return withCompanyRowLock(db, companyId, async (trx) => {
    const claimed = await trx.updateTable('companies').set({ closed_at: now, closed_by: input.accountId, updated_at: now }).where('id', '=', companyId).where('closed_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { closed: false as const };
    const jobs = await trx
      .updateTable('jobs')
      .set({ status: 'closed', closed_at: now, awaiting_approval: 0, updated_at: now })
      .where('company_id', '=', companyId)
      .where('status', 'in', CLOSED_WITH_COMPANY)
      .executeTakeFirst();
    await trx.updateTable('company_invitations').set({ revoked_at: now }).where('company_id', '=', companyId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    return { closed: true as const, jobsClosed: Number(jobs.numUpdatedRows) };
  });
}

export type ReactivateResult = 'reactivated' | 'not_closed' | 'too_late';

/**
 * Opens a closed company again, if it closed at most 90 days ago (one conditional update). Its jobs stay
 * closed: the owner reopens or reposts the ones still wanted (decision 0289).
 */
export async function reactivateCompany(db: Db, companyId: string, now: number): Promise<ReactivateResult> {
  const reopened = await db
    .updateTable('companies')
    .set({ closed_at: null, closed_by: null, updated_at: now })
    .where('id', '=', companyId)
    .where('closed_at', 'is not', null)
    .where('closed_at', '>=', now - REACTIVATE_DAYS * DAY_MS)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) === 1) return 'reactivated';
  const company = await db.selectFrom('companies').select('closed_at').where('id', '=', companyId).executeTakeFirst();
  return company?.closed_at == null ? 'not_closed' : 'too_late';
}

/** The members of a company, counted (the confirm step says who loses access). */
export async function countMembers(db: Db, companyId: string): Promise<number> {
  const row = await db.selectFrom('company_members').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(row.n);
}
