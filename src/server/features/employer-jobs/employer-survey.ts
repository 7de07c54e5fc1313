// The hiring-needs survey (issue 44, decision 0297): asked once a company, optional; its answers start
// the company's first job (title and place) on /post-a-job.
import { z } from 'zod';
import { EMPTY_DRAFT, TITLE_MAX, type JobDraftData } from '../../../shared/employer-jobs/fields';
import {
  SURVEY_HIRES,
  SURVEY_LIMITS,
  SURVEY_MESSAGES,
  SURVEY_PLACE_TYPES,
  SURVEY_STARTS,
  type EmployerSurveyPageProps,
  type SurveyValues,
} from '../../../shared/employer-jobs/first-run';
import type { Db } from '../../db/database';
import { firstValue } from '../../shared/form-fields';
import type { EmployerSurveyRow } from './employer-survey.table';
import { isKnownPlace } from './job-posting';

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(firstValue, z.enum(values).or(z.literal('')).catch('')).default('');
const text = z.preprocess(firstValue, z.string().catch('')).default('').transform((value) => value.replace(/\s+/g, ' ').trim());

/** The survey form as posted. Unknown choices read as unanswered; lengths are the handler's to explain. */
export const SurveyFormSchema = z
  .object({
    roles: text,
    hires: choice(SURVEY_HIRES),
    place_type: choice(SURVEY_PLACE_TYPES),
    location: text,
    start: choice(SURVEY_STARTS),
    intent: z.preprocess(firstValue, z.enum(['answer', 'skip']).catch('answer')).default('answer'),
    next: z.preprocess(firstValue, z.string().max(2048).optional().catch(undefined)),
  })
  .catch({ roles: '', hires: '', place_type: '', location: '', start: '', intent: 'answer', next: undefined });

export type SurveyCheck = { ok: true; values: SurveyValues } | { ok: false; values: SurveyValues; errors: EmployerSurveyPageProps['errors'] };

/** Every answer is optional; what is given must make sense (a place we know, lengths kept). */
export function checkSurvey(values: SurveyValues): SurveyCheck {
  const errors: EmployerSurveyPageProps['errors'] = {};
  if (values.roles.length > SURVEY_LIMITS.rolesMax) errors.roles = SURVEY_MESSAGES.rolesTooLong;
  if (values.location.length > SURVEY_LIMITS.locationMax) errors.location = SURVEY_MESSAGES.locationTooLong;
  else if (values.location && values.place_type !== 'remote' && !isKnownPlace(values.location)) errors.location = SURVEY_MESSAGES.locationUnknown;
  return Object.keys(errors).length ? { ok: false, values, errors } : { ok: true, values };
}

export async function findSurvey(db: Db, companyId: string): Promise<EmployerSurveyRow | undefined> {
  return db.selectFrom('employer_surveys').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/**
 * Records the answers (or the skip) once: a second answer changes nothing and answers false, so two
 * tabs or a replayed post cannot overwrite the first.
 */
export async function recordSurvey(db: Db, input: { companyId: string; accountId: string; now: number; answers: SurveyValues | null }): Promise<boolean> {
  const answers = input.answers;
  const result = await db
    .insertInto('employer_surveys')
    .values({
      company_id: input.companyId,
      skipped: answers ? 0 : 1,
      roles: answers?.roles ?? '',
      hires: answers?.hires ?? '',
      place_type: answers?.place_type ?? '',
      location: answers?.place_type === 'remote' ? '' : (answers?.location ?? ''),
      start: answers?.start ?? '',
      answered_by: input.accountId,
      answered_at: input.now,
    })
    .onConflict((conflict) => conflict.column('company_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The first role named: "Forklift operator, Picker" starts a job titled "Forklift operator". */
export function firstRole(roles: string): string {
  return roles.split(/[,;\n]/)[0]?.trim() ?? '';
}

/**
 * The job form's starting values: empty, or for a company's first job the survey's role and place.
 * Only the first job: later jobs start empty, as the employer expects a new form to be.
 */
export async function firstJobDraft(db: Db, companyId: string): Promise<JobDraftData> {
  const [survey, anyJob] = await Promise.all([findSurvey(db, companyId), db.selectFrom('jobs').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()]);
  if (!survey || survey.skipped === 1 || anyJob) return { ...EMPTY_DRAFT };
  return {
    ...EMPTY_DRAFT,
    title: firstRole(survey.roles).slice(0, TITLE_MAX),
    ...(survey.place_type ? { place_type: survey.place_type } : {}),
    location: survey.location,
  };
}
