// The company's response figures (decision 0232): worked out by the follow-up feature, which can read
// applications and messages, and stored on the company row so the job pages and the company page, which
// sit lower, read them with the company.
import { responseFiguresText, type ResponseFigures } from '../../../shared/companies/response-figures';
import type { Db } from '../../db/database';
import type { CompanyRow } from './companies.table';

/** Stores every company's figures worked out in one run; a company left out (no application counted) is set to none. */
export async function storeResponseFigures(db: Db, figures: ReadonlyMap<string, ResponseFigures>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [companyId, one] of figures) {
      await trx
        .updateTable('companies')
        .set({ response_counted: one.counted, response_answered: one.answered, response_median_ms: one.medianMs, response_figures_at: now })
        .where('id', '=', companyId)
        .execute();
    }
    // Companies whose applications all left the period: nothing to show any more.
    let stale = trx.updateTable('companies').set({ response_counted: 0, response_answered: 0, response_median_ms: null, response_figures_at: now }).where('response_counted', '>', 0);
    if (figures.size > 0) stale = stale.where('id', 'not in', [...figures.keys()]);
    await stale.execute();
  });
}

/** The figures as stored on the row (PostgreSQL answers bigint as text). */
export function responseFiguresOf(company: Pick<CompanyRow, 'response_counted' | 'response_answered' | 'response_median_ms'>): ResponseFigures {
  return {
    counted: Number(company.response_counted),
    answered: Number(company.response_answered),
    medianMs: company.response_median_ms === null ? null : Number(company.response_median_ms),
  };
}

/** "Responds to 85% of applicants, usually within 2 days", or null until 10 applications count. */
export function companyResponseText(company: Pick<CompanyRow, 'response_counted' | 'response_answered' | 'response_median_ms'>): string | null {
  return responseFiguresText(responseFiguresOf(company));
}
