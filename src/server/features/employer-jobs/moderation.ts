// Moderation's records (issue 44, decision 0298): the company's context beside each job, visitors'
// reports of jobs, and the audit log of every admin change (who, when, each field before and after).
import { sql } from 'kysely';
import {
  AUDIT_ACTION_LABELS,
  JOB_REPORT_REASON_LABELS,
  JOB_REPORT_REASONS,
  moderationJobPath,
  type AuditEntryView,
  type CompanyContext,
  type JobReportReason,
  type JobReportView,
  type ReportedJob,
} from '../../../shared/employer-jobs/moderation';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { JobRow } from '../jobs/jobs.table';
import { DAY_MS } from '../../../shared/time';

const dates = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const moments = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
export const formatMoment = (time: number) => moments.format(new Date(time));

export type AuditAction = 'approve' | 'reject' | 'edit' | 'close' | 'keep';
export type FieldChanges = Record<string, { before: string; after: string }>;

export interface AdminActor {
  id: string;
  email: string;
}

function ageText(createdAt: number, now: number): string {
  const days = Math.max(0, Math.floor((now - createdAt) / DAY_MS));
  const age = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days.toLocaleString('en-US')} days ago`;
  return `Company account created ${dates.format(new Date(createdAt))} (${age})`;
}

/**
 * The last decision on a job reviewed before the audit log began (migration 0090), read from the job's
 * own columns (decision 0311): reviewed_at says an admin decided; rejected is a rejection; a job that
 * is or was live got an approval. One waiting again (or a draft) that never went live was rejected,
 * since approving always puts a job live; one that went live and waits again is a live job's edit
 * whose last decision the columns no longer tell: it is not counted.
 */
export function decisionBeforeTheLog(status: JobRow['status'], wentLive: boolean): 'approve' | 'reject' | null {
  if (status === 'rejected') return 'reject';
  if (status === 'in_review' || status === 'draft') return wentLive ? null : 'reject';
  return 'approve';
}

/**
 * Each company's context, for the jobs on a moderation page: one query for the companies and two for
 * their records. Every decision since the audit log began is a row of it; a job decided before, with no
 * decision in the log, adds its last decision from its own columns (decision 0311).
 */
export async function companyContexts(db: Db, companyIds: string[], now: number): Promise<Map<string, CompanyContext>> {
  const ids = [...new Set(companyIds)];
  const contexts = new Map<string, CompanyContext>();
  if (ids.length === 0) return contexts;
  const wentLive = sql<number>`case when went_live_at is null then 0 else 1 end`;
  const [companies, decisions, beforeTheLog] = await Promise.all([
    db.selectFrom('companies').select(['id', 'website', 'created_at']).where('id', 'in', ids).execute(),
    db
      .selectFrom('job_audit_log')
      .select(['company_id', 'action', sql<number>`count(*)`.as('count')])
      .where('company_id', 'in', ids)
      .where('action', 'in', ['approve', 'reject'])
      .groupBy(['company_id', 'action'])
      .execute(),
    db
      .selectFrom('jobs as j')
      .select(['j.company_id', 'j.status', wentLive.as('went_live'), sql<number>`count(*)`.as('count')])
      .where('j.company_id', 'in', ids)
      .where('j.reviewed_at', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('job_audit_log as a').select('a.id').whereRef('a.job_id', '=', 'j.id').where('a.action', 'in', ['approve', 'reject']))),
      )
      .groupBy(['j.company_id', 'j.status', wentLive])
      .execute(),
  ]);
  for (const id of ids) {
    const company = companies.find((row) => row.id === id);
    const count = (action: 'approve' | 'reject') =>
      Number(decisions.find((row) => row.company_id === id && row.action === action)?.count ?? 0) +
      beforeTheLog.filter((row) => row.company_id === id && decisionBeforeTheLog(row.status, Number(row.went_live) === 1) === action).reduce((sum, row) => sum + Number(row.count), 0);
    contexts.set(id, {
      website: company?.website ?? null,
      accountAge: company ? ageText(Number(company.created_at), now) : 'No company account: a listing from Jobwise’s own data',
      approved: count('approve'),
      rejected: count('reject'),
    });
  }
  return contexts;
}

/** The fields that differ, each before and after; an empty object when nothing changed. */
export function fieldChanges(before: Record<string, string>, after: Record<string, string>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) if (before[field] !== value) changes[field] = { before: before[field] ?? '', after: value };
  return changes;
}

/** One row per admin change; written with the change, in the same transaction where there is one. */
export async function writeAudit(db: Db, entry: { job: Pick<JobRow, 'id' | 'company_id'>; admin: AdminActor; action: AuditAction; changes: FieldChanges; now: number }): Promise<void> {
  await db
    .insertInto('job_audit_log')
    .values({
      id: newRowId(),
      job_id: entry.job.id,
      company_id: entry.job.company_id,
      admin_account_id: entry.admin.id,
      admin_email: entry.admin.email,
      action: entry.action,
      changes: JSON.stringify(entry.changes),
      created_at: entry.now,
    })
    .execute();
}

const FIELD_LABELS: Record<string, string> = { title: 'Title', description: 'Description', status: 'Status', reports: 'Open reports', rejection_reason: 'Reason' };

function readChanges(text: string): AuditEntryView['changes'] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed as Record<string, { before?: unknown; after?: unknown }>).map(([field, change]) => ({
      field: FIELD_LABELS[field] ?? field,
      before: String(change?.before ?? ''),
      after: String(change?.after ?? ''),
    }));
  } catch {
    return [];
  }
}

export async function auditOf(db: Db, jobId: string): Promise<AuditEntryView[]> {
  const rows = await db.selectFrom('job_audit_log').selectAll().where('job_id', '=', jobId).orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  return rows.map((row) => ({ who: row.admin_email, when: formatMoment(Number(row.created_at)), action: AUDIT_ACTION_LABELS[row.action] ?? row.action, changes: readChanges(row.changes) }));
}

export function readReasons(text: string): JobReportReason[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((value): value is JobReportReason => (JOB_REPORT_REASONS as readonly unknown[]).includes(value)) : [];
  } catch {
    return [];
  }
}

export async function recordReport(db: Db, report: { jobId: string; accountId: string | null; reasons: JobReportReason[]; details: string; now: number }): Promise<void> {
  await db
    .insertInto('job_reports')
    .values({ id: newRowId(), job_id: report.jobId, reporter_account_id: report.accountId, reasons: JSON.stringify(report.reasons), details: report.details, created_at: report.now, resolved_at: null })
    .execute();
}

export async function openReportsOf(db: Db, jobId: string): Promise<JobReportView[]> {
  const rows = await db.selectFrom('job_reports').selectAll().where('job_id', '=', jobId).where('resolved_at', 'is', null).orderBy('created_at', 'desc').limit(200).execute();
  return rows.map((row) => ({
    reasons: readReasons(row.reasons).map((reason) => JOB_REPORT_REASON_LABELS[reason]),
    details: row.details,
    reported: formatMoment(Number(row.created_at)),
    by: row.reporter_account_id ? 'A signed-in person' : 'A visitor',
  }));
}

/** Reports are dealt with once an admin closes the job or keeps it: they leave the queue. */
export async function resolveReports(db: Db, jobId: string, now: number): Promise<number> {
  const result = await db.updateTable('job_reports').set({ resolved_at: now }).where('job_id', '=', jobId).where('resolved_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The queue's reported jobs: those with open reports, the most reported first. */
export async function reportedJobs(db: Db): Promise<ReportedJob[]> {
  const rows = await db
    .selectFrom('job_reports as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select(['j.id', 'j.title', 'j.company_name', 'r.reasons', 'r.created_at'])
    .where('r.resolved_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .limit(1000)
    .execute();
  const byJob = new Map<string, { id: string; title: string; company: string; count: number; reasons: Map<JobReportReason, number>; last: number }>();
  for (const row of rows) {
    const entry = byJob.get(row.id) ?? { id: row.id, title: row.title, company: row.company_name, count: 0, reasons: new Map(), last: Number(row.created_at) };
    entry.count += 1;
    for (const reason of readReasons(row.reasons)) entry.reasons.set(reason, (entry.reasons.get(reason) ?? 0) + 1);
    byJob.set(row.id, entry);
  }
  return [...byJob.values()]
    .sort((a, b) => b.count - a.count || b.last - a.last)
    .slice(0, 100)
    .map((entry) => ({
      id: entry.id,
      title: entry.title,
      company: entry.company,
      reports: entry.count,
      reasons: [...entry.reasons.entries()].sort((a, b) => b[1] - a[1]).map(([reason]) => JOB_REPORT_REASON_LABELS[reason]),
      lastReported: formatMoment(entry.last),
      reviewHref: moderationJobPath(entry.id),
    }));
}
