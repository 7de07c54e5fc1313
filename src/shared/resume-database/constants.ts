// The résumé database (issue 12): paths, choices and copy shared by the server and the pages. No imports
// beyond other constants: page chunks use this.

export const RESUME_DATABASE_PATHS = {
  search: '/resume-database',
  /** The job seeker's switch, a section of /candidate/about. */
  findMe: '/candidate/about/find-me',
} as const;

export function resumeProfilePath(publicId: string): string {
  return `${RESUME_DATABASE_PATHS.search}/${encodeURIComponent(publicId)}`;
}

/** "Last active within" choices, in days; null = any time. */
export const LAST_ACTIVE_DAYS = [7, 30, 90] as const;
export type LastActiveDays = (typeof LAST_ACTIVE_DAYS)[number];

export const RESUME_RESULTS_PER_PAGE = 20;
export const RESUME_MAX_PAGE = 50;
/** The total is counted up to this; beyond it the page says "1,000+". */
export const RESUME_COUNT_CAP = 1000;
export const MAX_EXPERIENCE_LENGTH = 600;

export const FIND_ME_COPY = {
  label: 'Let employers find me',
  explanation:
    'Employers with a Jobwise plan that includes the résumé database can then find you by your headline, experience, skills, job titles, qualifications, licences, location and the jobs you applied to. ' +
    'In search results they see your initials, headline, place (city and state only, never a street or ZIP code), experience summary and the jobs you applied to recently. If they open your profile they also see your job titles and dates, qualifications, skills, licences and your résumé file. ' +
    'They never see your name, email or phone, the employers and schools you list, descriptions or links: those reach an employer only when you apply to one of their jobs. Employers may email you through Jobwise to invite you to apply.',
  optOut: 'You can turn this off at any time; you leave the search results at once.',
} as const;

/**
 * What results and profiles say of a person's place and jobs. Only a recognised city and state (or a
 * state, or Remote) is shown, never what was typed; only jobs applied to, as FIND_ME_COPY promises.
 */
export const RESUME_PROFILE_COPY = {
  locationNotShown: 'Location not shown',
  recentTitlesHeading: 'Jobs they applied to recently',
  recentTitlesSummary: (titles: string) => `Recently applied to: ${titles}`,
} as const;

export const RESUME_DATABASE_MESSAGES = {
  findMeOn: 'Employers can now find you in the résumé database.',
  findMeOff: 'Employers can no longer find you in the résumé database.',
  profileNeeded: 'Save your profile first (your location at least): employers search by it.',
  quotaUsed: (limit: number) =>
    `Your company has opened all ${limit.toLocaleString('en-US')} profiles its plan allows this month. Profiles you already opened this month stay open; new ones open again on the 1st (UTC), or choose a plan with more profile views.`,
  openFirst: (left: number, limit: number) =>
    `Opening this profile uses one of your company's profile views this month (${left.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} left). Profiles you open stay open for the rest of the month.`,
  invited: 'Invitation sent. They see the job and can apply; you get their contact details when they do.',
  alreadyInvited: 'You already invited this person to apply to that job.',
  alreadyApplied: 'This person has already applied to that job. You find them among its candidates.',
  jobNotLive: 'Choose one of your live jobs.',
  tooManyInvites: (max: number) => `Your company has sent ${max} invitations in the last 24 hours, the most allowed. Try again tomorrow.`,
} as const;
