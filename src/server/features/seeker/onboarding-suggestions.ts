// What Suggested Jobs takes from the onboarding answers (decision 0234): the job titles become signals
// ("Because you want Nurse jobs"), the place comes before the profile's, and the radius, lowest pay,
// job type and remote choice narrow the searches the candidates come from.
import type { RadiusMiles } from '../../../shared/jobs/enums';
import { EMPLOYMENT_TYPES, RADIUS_MILES, type EmploymentType } from '../../../shared/jobs/enums';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import type { OnboardingAnswers } from '../../../shared/seeker/onboarding';
import type { HistorySignal } from './suggestions';

export interface OnboardingCriteria {
  signals: HistorySignal[];
  location: string;
  filters: Partial<Pick<SearchCriteria, 'radius' | 'minPay' | 'employmentType' | 'remoteOnly'>>;
}

const isEmploymentType = (value: string): value is EmploymentType => (EMPLOYMENT_TYPES as readonly string[]).includes(value);
const isRadius = (value: number | null): value is RadiusMiles => value !== null && (RADIUS_MILES as readonly number[]).includes(value);

export function onboardingCriteria(answers: OnboardingAnswers | null, answeredAt: number): OnboardingCriteria {
  if (!answers) return { signals: [], location: '', filters: {} };
  const filters: OnboardingCriteria['filters'] = {};
  if (isRadius(answers.radius)) filters.radius = answers.radius;
  if (answers.minPay !== null) filters.minPay = answers.minPay;
  // The search takes one job type: only a single choice narrows it.
  const types = answers.employmentTypes.filter(isEmploymentType);
  if (types.length === 1) filters.employmentType = types[0]!;
  if (answers.remote === 'only') filters.remoteOnly = true;
  return {
    signals: answers.titles.map((title) => ({ kind: 'wanted' as const, text: title, category: null, at: answeredAt })),
    location: answers.remote === 'only' ? '' : answers.location,
    filters,
  };
}
