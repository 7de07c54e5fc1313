// A seeker's onboarding answers (decision 0234): one row, written question by question.
import type { OnboardingAnswers, OnboardingStep, RemoteChoice } from '../../../shared/seeker/onboarding';
import { REMOTE_CHOICES } from '../../../shared/seeker/onboarding';
import type { Db } from '../../db/database';
import type { SeekerOnboardingRow } from './onboarding.table';

export const NO_ANSWERS: OnboardingAnswers = { titles: [], location: '', radius: null, minPay: null, employmentTypes: [], remote: null };

export interface OnboardingRecord {
  answers: OnboardingAnswers;
  skipped: OnboardingStep[];
  completedAt: number | null;
}

function strings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const isRemoteChoice = (value: string | null): value is RemoteChoice => value !== null && (REMOTE_CHOICES as readonly string[]).includes(value);

function recordOf(row: SeekerOnboardingRow): OnboardingRecord {
  return {
    answers: {
      titles: strings(row.titles),
      location: row.location,
      radius: row.radius === null ? null : Number(row.radius),
      minPay: row.min_pay === null ? null : Number(row.min_pay),
      employmentTypes: strings(row.employment_types),
      remote: isRemoteChoice(row.remote) ? row.remote : null,
    },
    skipped: strings(row.skipped) as OnboardingStep[],
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
  };
}

export async function findOnboarding(db: Db, accountId: string): Promise<OnboardingRecord | null> {
  const row = await db.selectFrom('seeker_onboarding').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return row ? recordOf(row) : null;
}

/**
 * Stores one question's answer (or its skip, with the answer emptied) and, on the last question,
 * the completion. Answers the record as stored.
 */
export async function saveOnboardingStep(
  db: Db,
  accountId: string,
  step: OnboardingStep,
  change: { answers: Partial<OnboardingAnswers>; skipped: boolean; complete: boolean },
  now: number,
): Promise<OnboardingRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('seeker_onboarding').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    const current = row ? recordOf(row) : { answers: NO_ANSWERS, skipped: [], completedAt: null };
    const answers = { ...current.answers, ...change.answers };
    const skipped = change.skipped ? [...new Set([...current.skipped, step])] : current.skipped.filter((name) => name !== step);
    const completedAt = current.completedAt ?? (change.complete ? now : null);
    const values = {
      titles: JSON.stringify(answers.titles),
      location: answers.location,
      radius: answers.radius,
      min_pay: answers.minPay,
      employment_types: JSON.stringify(answers.employmentTypes),
      remote: answers.remote,
      skipped: JSON.stringify(skipped),
      completed_at: completedAt,
      updated_at: now,
    };
    if (row) await trx.updateTable('seeker_onboarding').set(values).where('account_id', '=', accountId).execute();
    else await trx.insertInto('seeker_onboarding').values({ account_id: accountId, ...values }).execute();
    return { answers, skipped, completedAt };
  });
}
