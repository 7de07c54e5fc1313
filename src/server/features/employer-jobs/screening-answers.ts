import type { Db } from '../../db/database';
import type { ScreeningQuestionRow } from './employer-jobs.table';

export const ANSWER_MAX = 500;

export interface ScreeningAnswer {
  position: number;
  question: string;
  answer: string;
  dealBreakerFailed: boolean;
}

export type AnswersResult = { ok: true; answers: ScreeningAnswer[]; failedDealBreaker: boolean } | { ok: false; message: string };

/**
 * The applicant's answers to a job's screening questions, from the apply form's answer_1 ... answer_5.
 * Every question needs an answer (yes or no, or up to 500 characters of text). A deal-breaker
 * answered the other way is recorded with the application, not refused: the employer decides.
 */
export function readAnswers(questions: ScreeningQuestionRow[], body: unknown): AnswersResult {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const answers: ScreeningAnswer[] = [];
  for (const question of questions) {
    const raw = fields[`answer_${question.position + 1}`];
    const value = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
    if (question.kind === 'yes_no') {
      if (value !== 'yes' && value !== 'no') return { ok: false, message: `Answer yes or no: ${question.text}` };
    } else if (value === '') {
      return { ok: false, message: `Answer the question: ${question.text}` };
    } else if (value.length > ANSWER_MAX) {
      return { ok: false, message: `Keep your answer under ${ANSWER_MAX} characters: ${question.text}` };
    }
    const dealBreakerFailed = question.deal_breaker === 1 && question.expected !== null && value !== question.expected;
    answers.push({ position: question.position, question: question.text, answer: value, dealBreakerFailed });
  }
  return { ok: true, answers, failedDealBreaker: answers.some((answer) => answer.dealBreakerFailed) };
}

export async function storeAnswers(db: Db, applicationId: string, answers: ScreeningAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insertInto('job_application_answers')
    .values(answers.map((a) => ({ application_id: applicationId, position: a.position, question: a.question, answer: a.answer, deal_breaker_failed: a.dealBreakerFailed ? 1 : 0 })))
    .execute();
}
