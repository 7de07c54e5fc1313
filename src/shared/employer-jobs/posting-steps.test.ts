import { describe, expect, it } from 'vitest';
import { LAST_STEP, firstStepWithErrors, initialStepper, stepOfField, stepperStep, type StepperEvent, type StepperState } from './posting-steps';

const at = (step: number, extra: Partial<StepperState> = {}): StepperState => ({ step, checking: false, errors: [], announcement: '', ...extra });
const titleError = { field: 'title', message: 'Job title: enter the job title.' };
const payError = { field: 'pay_min', message: 'Pay: enter the pay.' };

describe('the posting steps (decision 0291)', () => {
  it('puts every field on its step, questions on Screening', () => {
    expect(['title', 'description', 'pay_min', 'apply_email', 'questions', 'q3_text', 'publish_at'].map(stepOfField)).toEqual([0, 1, 2, 3, 4, 4, 4]);
    expect(firstStepWithErrors([payError, titleError])).toBe(0);
    expect(firstStepWithErrors([])).toBe(0);
    expect(initialStepper([payError])).toEqual(at(2, { errors: [payError] }));
  });

  it.each([
    ['Next asks the server', at(0), { type: 'next' } as StepperEvent, at(0, { checking: true }), [{ type: 'check_step', step: 0 }]],
    ['a second Next while checking does nothing', at(0, { checking: true }), { type: 'next' } as StepperEvent, at(0, { checking: true }), []],
    ['Next on the last step does nothing', at(LAST_STEP), { type: 'next' } as StepperEvent, at(LAST_STEP), []],
    [
      "the step's problems keep it, listed and announced",
      at(0, { checking: true }),
      { type: 'checked', errors: [titleError, payError] } as StepperEvent,
      at(0, { errors: [titleError], announcement: '1 thing to fix on Basics' }),
      [{ type: 'focus_heading', step: 0 }],
    ],
    ['problems of later steps only: on it goes', at(0, { checking: true }), { type: 'checked', errors: [payError] } as StepperEvent, at(1, { announcement: 'Step 2 of 5: Details' }), [{ type: 'focus_heading', step: 1 }]],
    ['an answer nobody waits for is ignored', at(1), { type: 'checked', errors: [] } as StepperEvent, at(1), []],
    ['offline: on it goes, publishing checks again', at(2, { checking: true }), { type: 'check_failed' } as StepperEvent, at(3, { announcement: 'Step 4 of 5: How to apply' }), [{ type: 'focus_heading', step: 3 }]],
    ['Back goes back and forgets the problems', at(2, { errors: [payError] }), { type: 'back' } as StepperEvent, at(1, { announcement: 'Step 2 of 5: Details' }), [{ type: 'focus_heading', step: 1 }]],
    ['Back on the first step does nothing', at(0), { type: 'back' } as StepperEvent, at(0), []],
  ])('%s', (_name, state, event, expected, commands) => {
    expect(stepperStep(state, event)).toEqual({ state: expected, commands });
  });
});
