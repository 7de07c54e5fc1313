// Interviews (issue 42, decision 0231): paths, limits, texts and page props both sides and the server
// share. No imports at run time: page chunks use this.

export const INTERVIEW_PATHS = {
  /** JSON: the interviews of a conversation (?conversation=) or an application (?application=), for its page's section. */
  list: '/interviews',
  faq: '/video-call-faq',
} as const;

/** The team's form to propose times for an application (GET the form, POST it). */
export const proposeInterviewPath = (applicationId: string) => `/candidates/${encodeURIComponent(applicationId)}/interview`;
export const interviewPath = (id: string) => `${INTERVIEW_PATHS.list}/${encodeURIComponent(id)}`;
export const interviewActionPaths = (id: string) => ({
  pick: `${interviewPath(id)}/pick`,
  otherTimes: `${interviewPath(id)}/other-times`,
  reschedule: `${interviewPath(id)}/reschedule`,
  cancel: `${interviewPath(id)}/cancel`,
});

export const MAX_INTERVIEW_TIMES = 5;
export const INTERVIEW_DURATIONS = [30, 45, 60, 90] as const;
export const DEFAULT_INTERVIEW_MINUTES = 45;
export const PLACE_KINDS = ['address', 'phone', 'video'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const PLACE_MAX = 300;
export const INTERVIEW_NOTE_MAX = 1_000;
/** The reminder goes this long before the interview. */
export const INTERVIEW_REMINDER_MS = 24 * 60 * 60_000;

export const INTERVIEW_STATUSES = ['proposed', 'other_times_asked', 'confirmed', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

export const PLACE_LABELS: Record<PlaceKind, string> = { address: 'In person', phone: 'Phone call', video: 'Video call' };
export const PLACE_HINTS: Record<PlaceKind, string> = {
  address: 'The street address where the interview takes place.',
  phone: 'The number the candidate should call, or will be called from.',
  video: 'The video link, starting with https://',
};

export const INTERVIEW_TEXTS = {
  timesRequired: 'Give at least one time.',
  tooManyTimes: `Give at most ${MAX_INTERVIEW_TIMES} times.`,
  badTime: 'Enter each time as a date and a time.',
  pastTime: 'Each time must be in the future.',
  sameTime: 'Give each time once.',
  timeZone: 'Pick a time zone from the list.',
  placeKind: 'Choose in person, a phone call or a video call.',
  placeEmpty: 'Say where the interview takes place.',
  placeTooLong: `Keep the place under ${PLACE_MAX} characters.`,
  videoHttps: 'A video link must be a web address starting with https://',
  duration: 'Choose how long the interview takes.',
  pickRequired: 'Pick one of the times.',
  noteTooLong: `Keep the note under ${INTERVIEW_NOTE_MAX.toLocaleString('en-US')} characters.`,
  blocked: 'This candidate does not take messages from your company, so an interview can’t be proposed.',
  dailyLimit: 'Your company has started too many conversations today. You can propose this interview tomorrow.',
  notOpen: 'This interview can no longer be changed.',
  proposed: 'Interview times sent. The candidate picks one in your conversation.',
  picked: 'Interview confirmed. A calendar invitation is on its way to your email.',
  otherTimesAsked: 'Your request for other times was sent.',
  rescheduled: 'Interview moved. Both of you get an updated calendar invitation.',
  cancelled: 'Interview cancelled. Both of you get a cancellation for your calendars.',
} as const;
export type InterviewNotice = 'proposed' | 'picked' | 'otherTimesAsked' | 'rescheduled' | 'cancelled';

/** The field each message belongs to, for the forms. */
export type InterviewField = 'times' | 'timeZone' | 'placeKind' | 'place' | 'duration' | 'slot' | 'note';
export type InterviewErrors = Partial<Record<InterviewField, string>>;

export interface InterviewSlotView {
  id: string;
  /** In the viewer's zone: "Tue, Nov 24, 2026, 3:00 PM CST". */
  label: string;
  /** ISO instant, for <time dateTime>. */
  at: string;
}

export interface InterviewView {
  id: string;
  href: string;
  status: InterviewStatus;
  /** "Proposed", "Waiting for new times", "Confirmed", "Cancelled" */
  statusLabel: string;
  jobTitle: string;
  /** The other side: the company for the seeker, the candidate for the team. */
  withName: string;
  placeKind: PlaceKind;
  placeLabel: string;
  place: string;
  /** A video link, to open; null otherwise. */
  placeHref: string | null;
  minutes: number;
  /** The proposed times (while proposed), in the viewer's zone. */
  slots: InterviewSlotView[];
  /** The chosen time, once confirmed. */
  chosen: InterviewSlotView | null;
  /** The zone the times are shown in. */
  timeZone: string;
  /** What the viewer can do here. */
  canPick: boolean;
  canAskOtherTimes: boolean;
  canChange: boolean;
  actions: ReturnType<typeof interviewActionPaths>;
}

export interface InterviewPageProps {
  side: 'seeker' | 'employer';
  interview: InterviewView;
  conversationHref: string | null;
  applicationHref: string | null;
  /** The seeker's zone select's first choice (their state's zone, or the default). */
  timeZone: string;
  notice: string | null;
  errors: InterviewErrors;
  /** What the person typed, back after a refused form. */
  draft: { slot: string; note: string; time: string };
}

export interface ProposeInterviewPageProps {
  applicationId: string;
  applicationHref: string;
  candidateName: string;
  jobTitle: string;
  action: string;
  errors: InterviewErrors;
  draft: { times: string[]; timeZone: string; placeKind: PlaceKind; place: string; minutes: number; note: string };
  /** The interviews already proposed for this application. */
  interviews: InterviewView[];
}

/** The notifications of an interview (kind 'interview'), one per interview and person, kept to the newest. */
export const interviewNotificationTexts = {
  proposed: (company: string, jobTitle: string) => `${company} would like to interview you for ${jobTitle}. Pick a time.`,
  picked: (candidate: string, jobTitle: string, when: string) => `${candidate} picked ${when} for the ${jobTitle} interview.`,
  otherTimes: (candidate: string, jobTitle: string) => `${candidate} asked for other times for the ${jobTitle} interview.`,
  rescheduled: (company: string, jobTitle: string, when: string) => `${company} moved your ${jobTitle} interview to ${when}.`,
  cancelled: (company: string, jobTitle: string) => `${company} cancelled your ${jobTitle} interview.`,
} as const;

/** What the candidate reads while the times wait for them. */
export const OPEN_STATUSES_LABEL = 'Pick a time';

export const STATUS_LABELS: Record<InterviewStatus, string> = {
  proposed: 'Waiting for the candidate to pick a time',
  other_times_asked: 'The candidate asked for other times',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};
