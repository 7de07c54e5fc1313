// The job posting contract (zod: import only from the server and from code loaded on demand).
// Two levels: readDraft keeps every field as typed, even invalid ones; checkForPublish lists what must
// be fixed, each message naming its field in words, or answers the job ready to publish.
import { z } from 'zod';
import { EMPLOYMENT_TYPES, JOB_CATEGORIES, PAY_PERIODS } from '../jobs/enums';
import {
  APPLY_EMAIL_MAX,
  APPLY_METHODS,
  APPLY_URL_MAX,
  BENEFIT_CHOICES,
  CURRENCIES,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  EMPTY_DRAFT,
  EXPIRY_MAX_DAYS,
  FIELD_LABELS,
  LOCATION_MAX,
  MAX_QUESTIONS,
  PAY_MAX_VALUE,
  PLACE_TYPES,
  QUESTION_KINDS,
  QUESTION_MAX,
  TITLE_MAX,
  TITLE_MIN,
  questionFieldName,
  questionLabel,
  type DraftQuestion,
  type JobDraftData,
  type PostingError,
  type PublishableJob,
  type ScreeningQuestion,
} from './fields';

/**
 * How much of each field a draft keeps. A little above the publishing limits, so a draft shows the
 * person what they typed (and why it is too long) without letting anyone store unbounded text.
 */
const DRAFT_TEXT_MAX = 200;
const DRAFT_DESCRIPTION_MAX = DESCRIPTION_MAX + 2000;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const draftText = (max: number, fallback = '') =>
  z.preprocess(first, z.string().catch(fallback)).transform((value) => value.replace(/\r\n?/g, '\n').slice(0, max));
const checkbox = z.preprocess(first, z.unknown()).transform((value) => value === true || value === 'on' || value === '1' || value === 'true' || value === 'yes');

const DraftQuestionSchema = z.object({
  text: draftText(DRAFT_TEXT_MAX + 100),
  kind: draftText(20, 'yes_no'),
  deal_breaker: checkbox,
  expected: draftText(10, 'yes'),
});

const BodySchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A draft from a form post (questions in slots q1_text ... q5_expected; benefits repeated) or from
 * JSON (questions as an array). Nothing here refuses input: unknown or malformed values become empty.
 */
export function readDraft(input: unknown): JobDraftData {
  const body = BodySchema.parse(input);
  const text = (name: keyof JobDraftData, max = DRAFT_TEXT_MAX) => draftText(max, EMPTY_DRAFT[name] as string).parse(body[name] ?? EMPTY_DRAFT[name]);
  const benefitsRaw = body.benefits;
  const benefitList = (Array.isArray(benefitsRaw) ? benefitsRaw : benefitsRaw === undefined ? [] : [benefitsRaw]).filter((b): b is string => typeof b === 'string');
  const questions: DraftQuestion[] = [];
  if (Array.isArray(body.questions)) {
    for (const raw of body.questions.slice(0, MAX_QUESTIONS + 1)) {
      const parsed = DraftQuestionSchema.safeParse(raw);
      if (parsed.success) questions.push(parsed.data);
    }
  } else {
    for (let index = 0; index < MAX_QUESTIONS; index += 1) {
      const slot = DraftQuestionSchema.parse({
        text: body[questionFieldName(index, 'text')] ?? '',
        kind: body[questionFieldName(index, 'kind')] ?? 'yes_no',
        deal_breaker: body[questionFieldName(index, 'deal_breaker')],
        expected: body[questionFieldName(index, 'expected')] ?? 'yes',
      });
      if (slot.text.trim() !== '') questions.push(slot);
    }
  }
  return {
    title: text('title'),
    category: text('category', 40),
    description: text('description', DRAFT_DESCRIPTION_MAX),
    place_type: text('place_type', 20),
    location: text('location'),
    employment_type: text('employment_type', 40),
    pay_min: text('pay_min', 40),
    pay_max: text('pay_max', 40),
    pay_period: text('pay_period', 20),
    pay_currency: text('pay_currency', 10),
    benefits: [...new Set(benefitList.map((b) => b.slice(0, 60)))].slice(0, BENEFIT_CHOICES.length),
    apply_method: text('apply_method', 20),
    apply_url: text('apply_url', APPLY_URL_MAX + 100),
    apply_email: text('apply_email', APPLY_EMAIL_MAX + 50),
    questions,
    expires_in_days: text('expires_in_days', 10),
  };
}

export interface PublishDeps {
  /** True when the location names a real place with coordinates (a city and state, or a ZIP code). */
  isKnownPlace(location: string): boolean;
}

export type PublishCheck = { ok: true; job: PublishableJob } | { ok: false; errors: PostingError[] };

const emailSchema = z.email();

/** "1,250.50" or "$18" -> 18; anything else NaN. */
export function parseMoney(text: string): number {
  const cleaned = text.replace(/[$£€,\s]/g, '').replace(/^(?:US|CA)\$/i, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The screening questions' rules, shared by the posting form and a company's saved sets (decision
 * 0293): at most MAX_QUESTIONS, each 5 to QUESTION_MAX characters, only a yes or no question a
 * deal-breaker. Problems are added to `errors`, named by the question's slot (q1_text ...).
 */
export function checkQuestions(drafts: DraftQuestion[], errors: PostingError[]): { questions: ScreeningQuestion[] } {
  const questions: ScreeningQuestion[] = [];
  if (drafts.length > MAX_QUESTIONS) errors.push({ field: 'questions', message: `${FIELD_LABELS.questions}: ask at most ${MAX_QUESTIONS}.` });
  drafts.slice(0, MAX_QUESTIONS).forEach((question, index) => {
    const label = questionLabel(index);
    const text = question.text.replace(/\s+/g, ' ').trim();
    const kind = z.enum(QUESTION_KINDS).safeParse(question.kind);
    if (text.length > QUESTION_MAX) errors.push({ field: questionFieldName(index, 'text'), message: `${label}: use at most ${QUESTION_MAX} characters.` });
    else if (text.length < 5) errors.push({ field: questionFieldName(index, 'text'), message: `${label}: write the question (at least 5 characters).` });
    if (!kind.success) {
      errors.push({ field: questionFieldName(index, 'kind'), message: `${label}: choose yes or no, or short answer.` });
      return;
    }
    if (question.deal_breaker && kind.data !== 'yes_no') {
      errors.push({ field: questionFieldName(index, 'deal_breaker'), message: `${label}: only a yes or no question can be a deal-breaker.` });
      return;
    }
    const expected = question.expected === 'no' ? 'no' : 'yes';
    questions.push({ text, kind: kind.data, dealBreaker: question.deal_breaker, expected: question.deal_breaker ? expected : null });
  });

  return { questions };
}

/** Every publishing rule, in form order. Each message starts with the field's name in words. */
export function checkForPublish(draft: JobDraftData, deps: PublishDeps): PublishCheck {
  const errors: PostingError[] = [];
  const fail = (field: keyof typeof FIELD_LABELS, message: string) => errors.push({ field, message: `${FIELD_LABELS[field]}: ${message}` });

  const title = draft.title.replace(/\s+/g, ' ').trim();
  if (title === '') fail('title', 'enter the job title.');
  else if (title.length < TITLE_MIN) fail('title', `use at least ${TITLE_MIN} characters.`);
  else if (title.length > TITLE_MAX) fail('title', `use at most ${TITLE_MAX} characters (now ${title.length}).`);

  const category = z.enum(JOB_CATEGORIES).safeParse(draft.category);
  if (!category.success) fail('category', 'choose a category.');

  const description = draft.description.trim();
  if (description === '') fail('description', 'describe the job.');
  else if (description.length < DESCRIPTION_MIN) fail('description', `write at least ${DESCRIPTION_MIN} characters.`);
  else if (draft.description.length > DESCRIPTION_MAX) {
    fail('description', `use at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters (now ${draft.description.length.toLocaleString('en-US')}).`);
  }

  const placeType = z.enum(PLACE_TYPES).safeParse(draft.place_type);
  const location = draft.location.replace(/\s+/g, ' ').trim();
  if (!placeType.success) fail('place_type', 'choose on site, remote or hybrid.');
  else if (placeType.data !== 'remote') {
    if (location === '') fail('location', `enter the city and state, or a ZIP code, of ${placeType.data === 'hybrid' ? 'the office' : 'the workplace'}.`);
    else if (location.length > LOCATION_MAX || !deps.isKnownPlace(location)) fail('location', `we could not find "${location.slice(0, 60)}"; enter a US city and state (Austin, TX) or a ZIP code.`);
  }

  const employmentType = z.enum(EMPLOYMENT_TYPES).safeParse(draft.employment_type);
  if (!employmentType.success) fail('employment_type', 'choose full-time, part-time, contract, temporary or internship.');

  const payMin = parseMoney(draft.pay_min);
  const payMax = draft.pay_max.trim() === '' ? payMin : parseMoney(draft.pay_max);
  if (draft.pay_min.trim() === '') fail('pay_min', 'enter the pay (one figure, or the lowest of a range).');
  else if (!Number.isFinite(payMin) || payMin <= 0 || payMin > PAY_MAX_VALUE) fail('pay_min', 'enter an amount such as 18.50 or 52000.');
  if (draft.pay_max.trim() !== '' && (!Number.isFinite(payMax) || payMax <= 0 || payMax > PAY_MAX_VALUE)) fail('pay_max', 'enter an amount such as 24 or 68000, or leave it empty for one figure.');
  else if (Number.isFinite(payMin) && Number.isFinite(payMax) && payMax < payMin) fail('pay_max', 'must not be less than the lowest pay.');
  const payPeriod = z.enum(PAY_PERIODS).safeParse(draft.pay_period);
  if (!payPeriod.success) fail('pay_period', 'choose hour, day, week, month or year.');
  const currency = z.enum(CURRENCIES).safeParse(draft.pay_currency);
  if (!currency.success) fail('pay_currency', `choose one of ${CURRENCIES.join(', ')}.`);

  const unknownBenefit = draft.benefits.find((benefit) => !(BENEFIT_CHOICES as readonly string[]).includes(benefit));
  if (unknownBenefit !== undefined) fail('benefits', `"${unknownBenefit.slice(0, 40)}" is not one of the benefits listed.`);

  const applyMethod = z.enum(APPLY_METHODS).safeParse(draft.apply_method);
  const applyUrl = draft.apply_url.trim();
  const applyEmail = draft.apply_email.trim();
  if (!applyMethod.success) fail('apply_method', 'choose on Jobwise, a link or an email address.');
  else if (applyMethod.data === 'url') {
    if (applyUrl === '') fail('apply_url', 'enter the address where people apply (https://...).');
    else if (applyUrl.length > APPLY_URL_MAX || !isHttpUrl(applyUrl)) fail('apply_url', 'enter a full web address starting with https:// or http://.');
  } else if (applyMethod.data === 'email') {
    if (applyEmail === '') fail('apply_email', 'enter the email address that receives applications.');
    else if (applyEmail.length > APPLY_EMAIL_MAX || !emailSchema.safeParse(applyEmail).success) fail('apply_email', 'enter an email address such as jobs@example.com.');
  }

  const { questions } = checkQuestions(draft.questions, errors);

  const days = draft.expires_in_days.trim() === '' ? Number.NaN : Number(draft.expires_in_days.trim());
  if (!Number.isInteger(days) || days < 1 || days > EXPIRY_MAX_DAYS) fail('expires_in_days', `enter a whole number of days from 1 to ${EXPIRY_MAX_DAYS}.`);

  if (errors.length > 0 || !category.success || !placeType.success || !employmentType.success || !payPeriod.success || !currency.success || !applyMethod.success) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    job: {
      title,
      category: category.data,
      description: draft.description.trim(),
      placeType: placeType.data,
      location: placeType.data === 'remote' ? '' : location,
      employmentType: employmentType.data,
      payMin,
      payMax,
      payPeriod: payPeriod.data,
      currency: currency.data,
      benefits: draft.benefits,
      applyMethod: applyMethod.data,
      applyUrl: applyMethod.data === 'url' ? applyUrl : null,
      applyEmail: applyMethod.data === 'email' ? applyEmail.toLowerCase() : null,
      questions,
      expiresInDays: days,
    },
  };
}
