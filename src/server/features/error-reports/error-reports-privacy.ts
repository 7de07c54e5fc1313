// Error reports: a person's own reports in an export; erased, the reports stay (category, message) without them.
import type { Db } from '../../db/database';
import { scrubText } from '../../shared/scrub-text';

export async function errorReportsOf(db: Db, accountId: string) {
  const rows = await db.selectFrom('error_reports').select(['description', 'category', 'error_message', 'path', 'created_at']).where('account_id', '=', accountId).execute();
  return rows.map((row) => ({ description: row.description, category: row.category, errorMessage: row.error_message, path: row.path, reportedAt: Number(row.created_at) }));
}

/** Their own reports lose the account, the words they wrote and the browser; anyone's report loses the needles. */
export async function scrubErrorReports(db: Db, accountId: string, needles: readonly string[], replacement: string): Promise<void> {
  await db.updateTable('error_reports').set({ account_id: null, description: replacement, user_agent: null, ptid: null }).where('account_id', '=', accountId).execute();
  await scrubText(db, { table: 'error_reports', locate: ['id'], columns: ['description', 'error_message', 'path', 'form_type', 'user_agent'] }, needles, replacement);
}
