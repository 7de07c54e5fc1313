// A new employer's first run (issue 44, decision 0297): sign-up at /user/create, the company, the
// optional hiring-needs survey, the first job, then its link to share. No imports: page chunks use these.

export const FIRST_RUN_PATHS = {
  /** Spec 2.1: the start of employer sign-up. */
  signUp: '/user/create',
  /** Spec 2.1: hiring needs, asked once (answered or skipped), optional. */
  survey: '/user/employer-survey',
} as const;

/** After a company's first job is sent: its link to share. */
export const shareJobPath = (id: string) => `/post-a-job/${id}/share`;

/** Where /user/create leads when it was given no `next`: the survey, then the job form. */
export const SIGN_UP_DEFAULT_NEXT = `${FIRST_RUN_PATHS.survey}?next=${encodeURIComponent('/post-a-job')}`;

export const SURVEY_HIRES = ['1', '2-5', '6-10', '11+'] as const;
export type SurveyHires = (typeof SURVEY_HIRES)[number];
export const SURVEY_HIRES_LABELS: Record<SurveyHires, string> = { '1': '1 person', '2-5': '2 to 5 people', '6-10': '6 to 10 people', '11+': '11 or more' };

export const SURVEY_STARTS = ['now', 'months', 'later', 'unsure'] as const;
export type SurveyStart = (typeof SURVEY_STARTS)[number];
export const SURVEY_START_LABELS: Record<SurveyStart, string> = {
  now: 'As soon as possible',
  months: 'In 1 to 3 months',
  later: 'Later than that',
  unsure: 'Not sure yet',
};

export const SURVEY_PLACE_TYPES = ['onsite', 'remote', 'hybrid'] as const;
export type SurveyPlaceType = (typeof SURVEY_PLACE_TYPES)[number];

export const SURVEY_LIMITS = { rolesMax: 200, locationMax: 100 } as const;

export const SURVEY_MESSAGES = {
  rolesTooLong: 'Keep the roles under 200 characters.',
  locationUnknown: 'Enter a city and state, like Austin, TX, or a ZIP code.',
  locationTooLong: 'Keep the location under 100 characters.',
  alreadyAnswered: 'Your hiring needs are already saved.',
} as const;

export interface SurveyValues {
  roles: string;
  hires: SurveyHires | '';
  place_type: SurveyPlaceType | '';
  location: string;
  start: SurveyStart | '';
}

export const EMPTY_SURVEY: SurveyValues = { roles: '', hires: '', place_type: '', location: '', start: '' };

export interface EmployerSurveyPageProps {
  companyName: string;
  values: SurveyValues;
  errors: Partial<Record<keyof SurveyValues, string>>;
  /** Where answering or skipping leads (our own path). */
  next: string;
}

export interface FirstJobSharePageProps {
  title: string;
  /** Live now, or waiting for review (a new company's first job: decision 0227). */
  live: boolean;
  /** The job's public address (absolute). It works once the job is live. */
  url: string;
  /** Links that open the share forms of other sites and of the mail app. */
  shareLinks: { label: string; href: string }[];
  dashboardHref: string;
}
