// The posting form's steps and the stepper's flow (decision 0291). No imports but fields: the post-job
// page's chunk reads this, and it carries no zod.
import type { PostingError } from './fields';

export const POSTING_STEPS = [
  { id: 'basics', title: 'Basics', fields: ['title', 'category', 'employment_type'] },
  { id: 'details', title: 'Details', fields: ['description', 'place_type', 'location'] },
  { id: 'pay', title: 'Pay and benefits', fields: ['pay_min', 'pay_max', 'pay_period', 'pay_currency', 'benefits'] },
  { id: 'apply', title: 'How to apply', fields: ['apply_method', 'apply_url', 'apply_email', 'expires_in_days'] },
  { id: 'screening', title: 'Screening', fields: ['questions'] },
] as const;
export const LAST_STEP = POSTING_STEPS.length - 1;

/** The step a field is on; screening-question slots (q1_text ...) are on Screening, anything else on the last step. */
export function stepOfField(field: string): number {
  if (/^q\d+_/.test(field)) return POSTING_STEPS.findIndex((step) => step.id === 'screening');
  const index = POSTING_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index === -1 ? LAST_STEP : index;
}

export const errorsOfStep = (errors: PostingError[], step: number) => errors.filter((error) => stepOfField(error.field) === step);

/** The first step with a problem (a form the server answered with errors opens there), else the first. */
export function firstStepWithErrors(errors: PostingError[]): number {
  return errors.length === 0 ? 0 : Math.min(...errors.map((error) => stepOfField(error.field)));
}

export interface StepperState {
  step: number;
  /** Next was pressed and the server is checking the step's fields. */
  checking: boolean;
  errors: PostingError[];
  /** What the live region says after a move (the new step, or how many problems stop it). */
  announcement: string;
}

export type StepperEvent =
  | { type: 'next' }
  | { type: 'checked'; errors: PostingError[] }
  /** The check could not be made (offline): the step moves on, and publishing checks everything again. */
  | { type: 'check_failed' }
  | { type: 'back' };

export type StepperCommand = { type: 'check_step'; step: number } | { type: 'focus_heading'; step: number };

export const stepAnnouncement = (step: number) => `Step ${step + 1} of ${POSTING_STEPS.length}: ${POSTING_STEPS[step]!.title}`;

export function initialStepper(errors: PostingError[]): StepperState {
  const step = firstStepWithErrors(errors);
  return { step, checking: false, errors: errorsOfStep(errors, step), announcement: '' };
}

/** The stepper as one function: Next asks the server to check the step, and moves only when it passes. */
export function stepperStep(state: StepperState, event: StepperEvent): { state: StepperState; commands: StepperCommand[] } {
  switch (event.type) {
    case 'next':
      if (state.checking || state.step >= LAST_STEP) return { state, commands: [] };
      return { state: { ...state, checking: true }, commands: [{ type: 'check_step', step: state.step }] };
    case 'checked': {
      if (!state.checking) return { state, commands: [] };
      const errors = errorsOfStep(event.errors, state.step);
      if (errors.length > 0) {
        const announcement = `${errors.length === 1 ? '1 thing' : `${errors.length} things`} to fix on ${POSTING_STEPS[state.step]!.title}`;
        return { state: { ...state, checking: false, errors, announcement }, commands: [{ type: 'focus_heading', step: state.step }] };
      }
      const step = state.step + 1;
      return { state: { step, checking: false, errors: [], announcement: stepAnnouncement(step) }, commands: [{ type: 'focus_heading', step }] };
    }
    case 'check_failed': {
      if (!state.checking) return { state, commands: [] };
      const step = state.step + 1;
      return { state: { step, checking: false, errors: [], announcement: stepAnnouncement(step) }, commands: [{ type: 'focus_heading', step }] };
    }
    case 'back': {
      if (state.step === 0 || state.checking) return { state, commands: [] };
      const step = state.step - 1;
      return { state: { step, checking: false, errors: [], announcement: stepAnnouncement(step) }, commands: [{ type: 'focus_heading', step }] };
    }
  }
}

/**
 * The zones the schedule's select offers (decision 0292): a fixed list, so the server's page and the
 * hydrated one agree; the browser's own zone is added when it is not one of them.
 */
export const SCHEDULE_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/Halifax',
  'America/St_Johns',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'UTC',
] as const;
