// No imports but enums: the job posting form's page chunk reads these names, labels and limits.
import type { EmploymentType, JobCategory, PayPeriod } from '../jobs/enums';

export const TITLE_MIN = 3;
export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 30;
export const DESCRIPTION_MAX = 10_000;
export const LOCATION_MAX = 100;
export const QUESTION_MAX = 200;
export const MAX_QUESTIONS = 5;
export const APPLY_URL_MAX = 2000;
export const APPLY_EMAIL_MAX = 254;
export const EXPIRY_DEFAULT_DAYS = 30;
export const EXPIRY_MAX_DAYS = 60;
/** Renewing adds this many days (from the later of now and the current expiry). */
export const RENEW_DAYS = 30;
/** Renew is offered from this many days before expiry (and after it). */
export const RENEW_OFFER_DAYS = 5;
/** The company is told this many days before a job expires, once. */
export const EXPIRY_NOTICE_DAYS = 3;
/** Job posts (publish or submit for review) a company may make in one day, then 429. */
export const MAX_POSTS_PER_DAY = 20;
/** Largest pay figure accepted, in any period and currency. */
export const PAY_MAX_VALUE = 10_000_000;
export const REJECTION_REASON_MAX = 1000;

export const PLACE_TYPES = ['onsite', 'remote', 'hybrid'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
export const PLACE_TYPE_LABELS: Record<PlaceType, string> = { onsite: 'On site', remote: 'Remote', hybrid: 'Hybrid' };

export const APPLY_METHODS = ['jobwise', 'url', 'email'] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];
export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  jobwise: 'On Jobwise (job seekers apply with their profile)',
  url: 'On our website (a link)',
  email: 'By email',
};

export const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAY_PERIOD_LABELS: Record<PayPeriod, string> = { hour: 'an hour', day: 'a day', week: 'a week', month: 'a month', year: 'a year' };

export const QUESTION_KINDS = ['yes_no', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { yes_no: 'Yes or no', text: 'Short answer' };

/** Benefits a job can list (the same names the demo listings use). */
export const BENEFIT_CHOICES = [
  'Health insurance',
  'Dental insurance',
  'Vision insurance',
  '401(k)',
  '401(k) matching',
  'Paid time off',
  'Paid sick leave',
  'Life insurance',
  'Employee discount',
  'Flexible schedule',
  'Tuition reimbursement',
  'Referral program',
  'Overtime pay',
  'Weekly pay',
] as const;

/** The posting form's fields, in the order the form shows them; errors name them with these words. */
export const FIELD_LABELS = {
  title: 'Job title',
  category: 'Category',
  description: 'Description',
  place_type: 'Where the work is',
  location: 'Location',
  employment_type: 'Employment type',
  pay_min: 'Pay',
  pay_max: 'Pay up to',
  pay_period: 'Pay period',
  pay_currency: 'Currency',
  benefits: 'Benefits',
  apply_method: 'How to apply',
  apply_url: 'Application link',
  apply_email: 'Application email',
  questions: 'Screening questions',
  expires_in_days: 'Days until the job expires',
} as const;
export type PostingField = keyof typeof FIELD_LABELS;

/** A screening question's form slots: q1_text, q1_kind, q1_deal_breaker, q1_expected ... q5_*. */
export const questionFieldName = (index: number, part: 'text' | 'kind' | 'deal_breaker' | 'expected') => `q${index + 1}_${part}`;
export const questionLabel = (index: number) => `Screening question ${index + 1}`;

export interface PostingError {
  /** The form field (or q1_text for a question); the form shows the message beside it. */
  field: string;
  message: string;
}

/** Every field as typed: a draft keeps exactly this, valid or not. */
export interface DraftQuestion {
  text: string;
  kind: string;
  deal_breaker: boolean;
  expected: string;
}
export interface JobDraftData {
  title: string;
  category: string;
  description: string;
  place_type: string;
  location: string;
  employment_type: string;
  pay_min: string;
  pay_max: string;
  pay_period: string;
  pay_currency: string;
  benefits: string[];
  apply_method: string;
  apply_url: string;
  apply_email: string;
  questions: DraftQuestion[];
  expires_in_days: string;
}

export const EMPTY_DRAFT: JobDraftData = {
  title: '',
  category: '',
  description: '',
  place_type: 'onsite',
  location: '',
  employment_type: 'full_time',
  pay_min: '',
  pay_max: '',
  pay_period: 'hour',
  pay_currency: 'USD',
  benefits: [],
  apply_method: 'jobwise',
  apply_url: '',
  apply_email: '',
  questions: [],
  expires_in_days: String(EXPIRY_DEFAULT_DAYS),
};

/** A screening question as a published job asks it. */
export interface ScreeningQuestion {
  text: string;
  kind: QuestionKind;
  /** A yes/no question whose other answer rules the applicant out. */
  dealBreaker: boolean;
  /** The answer a deal-breaker wants ('yes' or 'no'); null for other questions. */
  expected: 'yes' | 'no' | null;
}

/** A draft that passed every publishing rule, with the place still as typed (the server resolves it). */
export interface PublishableJob {
  title: string;
  category: JobCategory;
  description: string;
  placeType: PlaceType;
  location: string;
  employmentType: EmploymentType;
  payMin: number;
  payMax: number;
  payPeriod: PayPeriod;
  currency: Currency;
  benefits: string[];
  applyMethod: ApplyMethod;
  applyUrl: string | null;
  applyEmail: string | null;
  questions: ScreeningQuestion[];
  expiresInDays: number;
}
