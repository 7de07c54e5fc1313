// Apply without a dead end (issue 43, decision 0233): what the apply dialog and the no-JS apply page
// ask, in which order, and what the employer will see. Plain data and pure functions: no imports but
// constants, so the job page's first-load code may use it.
import { SEEKER_PATHS } from './constants';

export interface ApplyQuestion {
  /** The apply form's field: answer_1 ... answer_5. */
  name: string;
  text: string;
  kind: 'yes_no' | 'text';
}

/** Exactly the application the employer receives (their applicant page shows these). */
export interface ApplicationPreview {
  name: string;
  email: string;
  phone: string;
  place: string;
  headline: string;
  resume: string | null;
  answers: Array<{ question: string; answer: string }>;
}

/** What the server knows of one person and one job before they apply (GET /candidate/apply/{listingKey}). */
export interface ApplyContext {
  listingKey: string;
  job: { title: string; company: string; place: string; href: string };
  /** Open, on-site and taking applications. */
  open: boolean;
  applied: boolean;
  email: string;
  /** The saved profile; null until one is saved (name, phone and place are all required). */
  profile: { full_name: string; phone: string; location: string; headline: string } | null;
  /** The stored résumé's file name. */
  resume: { fileName: string; uploaded: string } | null;
  questions: ApplyQuestion[];
}

export type ResumeChoice = 'stored' | 'none';
export type ApplyStep = 'profile' | 'resume' | 'questions' | 'review';

/** Screening answers as the server reads them: whitespace folded, every question answered. */
export function answersComplete(questions: ApplyQuestion[], answers: Record<string, string>): boolean {
  return questions.every((question) => {
    const value = (answers[question.name] ?? '').replace(/\s+/g, ' ').trim();
    return question.kind === 'yes_no' ? value === 'yes' || value === 'no' : value !== '' && value.length <= 500;
  });
}

/**
 * The steps a person goes through, asking only for what is missing: the profile when none is saved,
 * a résumé when none is stored (a stored one is used, and can be changed from the review), the
 * screening questions when not all answered yet; the review always comes last.
 */
export function applySteps(context: Pick<ApplyContext, 'profile' | 'resume' | 'questions'>, answers: Record<string, string>): ApplyStep[] {
  const steps: ApplyStep[] = [];
  if (!context.profile) steps.push('profile');
  if (!context.resume) steps.push('resume');
  if (context.questions.length && !answersComplete(context.questions, answers)) steps.push('questions');
  steps.push('review');
  return steps;
}

/** What the employer will see, from the profile, the résumé choice and the answers. */
export function applicationPreview(context: ApplyContext, choice: ResumeChoice, answers: Record<string, string>): ApplicationPreview {
  return {
    name: context.profile?.full_name ?? '',
    email: context.email,
    phone: context.profile?.phone ?? '',
    place: context.profile?.location ?? '',
    headline: context.profile?.headline ?? '',
    resume: choice === 'stored' && context.resume ? context.resume.fileName : null,
    answers: context.questions.map((question) => ({ question: question.text, answer: (answers[question.name] ?? '').replace(/\s+/g, ' ').trim() })),
  };
}

/** The no-JS apply page, and the address the JSON context is read from. */
export function applyPagePath(listingKey: string): string {
  return `${SEEKER_PATHS.apply}/${encodeURIComponent(listingKey)}`;
}

export const APPLY_COPY = {
  profileTitle: 'Your contact details',
  profileLead: 'The employer uses these to reach you. They are saved to your profile for your next applications.',
  resumeTitle: 'Your résumé',
  questionsTitle: 'The employer asks',
  reviewTitle: 'Review your application',
  reviewLead: 'This is what the employer will see.',
  noResume: 'No résumé',
  send: 'Send application',
} as const;

/** The no-JS apply page (GET /candidate/apply/{listingKey}). */
export interface ApplyPageProps {
  context: ApplyContext;
  step: ApplyStep | 'applied' | 'closed';
  choice: ResumeChoice | null;
  answers: Record<string, string>;
  /** The profile step's fields as typed, and the server's word on each. */
  values: { full_name: string; phone: string; location: string };
  errors: Partial<Record<'full_name' | 'phone' | 'location', string>>;
  /** A message for the whole step (a refused upload, an unanswered question, the daily limit). */
  error: string | null;
  preview: ApplicationPreview | null;
}
