import type { DraftQuestion, PostingError } from '../../../shared/employer-jobs/fields';
import { MAX_QUESTIONS } from '../../../shared/employer-jobs/fields';
import type { SavedQuestionSet } from '../../../shared/employer-jobs/page-props';
import { checkQuestions, readDraft } from '../../../shared/employer-jobs/posting';
import type { Db } from '../../db/database';
import { secureRandomBytes } from '../../lib/random-bytes';
import type { ScreeningQuestionSetRow } from './employer-jobs.table';

/** Decision 0293: a set's name and how many sets a company keeps. */
export const QUESTION_SET_NAME_MAX = 80;
export const QUESTION_SETS_MAX = 50;

export const QUESTION_SET_MESSAGES = {
  nameMissing: 'Name: give the set a name.',
  nameTooLong: `Name: use at most ${QUESTION_SET_NAME_MAX} characters.`,
  noQuestions: 'Screening questions: write at least one question.',
  tooMany: `You have ${QUESTION_SETS_MAX} saved sets, the most a company can keep. Delete one to save another.`,
} as const;

export interface QuestionSetInput {
  name: string;
  questions: DraftQuestion[];
}

/** The set as typed (a form post with the posting form's slots q1_text ...), and what must be fixed. */
export function readQuestionSet(body: unknown): { input: QuestionSetInput; errors: PostingError[] } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const rawName = Array.isArray(record.name) ? record.name[0] : record.name;
  const name = typeof rawName === 'string' ? rawName.replace(/\s+/g, ' ').trim().slice(0, QUESTION_SET_NAME_MAX + 20) : '';
  const questions = readDraft(body).questions;
  const errors: PostingError[] = [];
  if (name === '') errors.push({ field: 'name', message: QUESTION_SET_MESSAGES.nameMissing });
  else if (name.length > QUESTION_SET_NAME_MAX) errors.push({ field: 'name', message: QUESTION_SET_MESSAGES.nameTooLong });
  if (questions.length === 0) errors.push({ field: 'questions', message: QUESTION_SET_MESSAGES.noQuestions });
  // The same rules as a job's screening questions: a set fills the form, so it must publish as saved.
  checkQuestions(questions, errors);
  return { input: { name, questions: questions.slice(0, MAX_QUESTIONS) }, errors };
}

export function toSavedSet(row: ScreeningQuestionSetRow): SavedQuestionSet {
  let questions: DraftQuestion[] = [];
  try {
    questions = readDraft({ questions: JSON.parse(row.questions) as unknown }).questions;
  } catch {
    questions = [];
  }
  return { id: row.id, name: row.name, questions };
}

export async function listQuestionSets(db: Db, companyId: string): Promise<SavedQuestionSet[]> {
  const rows = await db.selectFrom('screening_question_sets').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id').limit(QUESTION_SETS_MAX).execute();
  return rows.map(toSavedSet);
}

/** The company's own set; another company's set is not found. */
export async function findQuestionSet(db: Db, companyId: string, id: string): Promise<SavedQuestionSet | null> {
  const row = await db.selectFrom('screening_question_sets').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return row ? toSavedSet(row) : null;
}

/** A new set, or null when the company already keeps QUESTION_SETS_MAX. */
export async function createQuestionSet(db: Db, companyId: string, input: QuestionSetInput, now: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('screening_question_sets').select((eb) => eb.fn.countAll().as('count')).where('company_id', '=', companyId).executeTakeFirst();
    if (Number(count?.count ?? 0) >= QUESTION_SETS_MAX) return null;
    const id = secureRandomBytes(8).toString('hex');
    await trx
      .insertInto('screening_question_sets')
      .values({ id, company_id: companyId, name: input.name, questions: JSON.stringify(input.questions), created_at: now, updated_at: now })
      .execute();
    return id;
  });
}

export async function updateQuestionSet(db: Db, companyId: string, id: string, input: QuestionSetInput, now: number): Promise<boolean> {
  const result = await db
    .updateTable('screening_question_sets')
    .set({ name: input.name, questions: JSON.stringify(input.questions), updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteQuestionSet(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('screening_question_sets').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
