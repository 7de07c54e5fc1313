// @vitest-environment jsdom
// The plan, trial, close, reactivate, invitation and first-run pages, the question sets and the rejection
// emails card took the component set (decision 0335). Their forms post without script, so each is held to
// the fields the server reads: the same names, values and choices, labelled as before, errors tied to the
// control they are about.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyCloseProps, PlansPageProps, PlanUsageProps } from '../../shared/companies/page-props';
import type { EmployerSurveyPageProps } from '../../shared/employer-jobs/first-run';
import type { QuestionSetsPageProps } from '../../shared/employer-jobs/page-props';
import { ApplicantEmailsCard } from '../features/applicant-mail/applicant-emails-card';
import CompanyClosePage from './company-close-page';
import CompanyInvitationPage from './company-invitation-page';
import CompanyReactivatePage from './company-reactivate-page';
import EmployerSurveyPage from './employer-survey-page';
import FirstJobSharePage from './first-job-share-page';
import PlanTrialPage from './plan-trial-page';
import PlanUsagePage from './plan-usage-page';
import PlansPage from './plans-page';
import QuestionSetsPage from './question-sets-page';

afterEach(cleanup);

/** What the form posts when its submit button is pressed: its fields, then the button's own name and value. */
function posted(form: HTMLFormElement, submitter?: HTMLElement) {
  const entries = [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]);
  if (submitter instanceof HTMLButtonElement && submitter.name) entries.push([submitter.name, submitter.value]);
  return entries;
}
const formOf = (element: HTMLElement) => element.closest('form')!;
/** The words an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const usage = (request: Partial<PlanUsageProps['request']> = {}): PlanUsageProps => ({
  heading: 'Your plan',
  planName: 'Free',
  planLines: ['1 live job'],
  usage: [{ label: 'Live jobs', text: '0 of 1 live job', full: false }],
  paused: null,
  trial: null,
  trialEnded: null,
  trialHref: '/user/purchase-plan-simple',
  request: {
    action: '/user/set-plan/request',
    plans: [
      { id: 'standard', name: 'Standard', price: '$99' },
      { id: 'premium', name: 'Premium', price: '$249' },
    ],
    chosen: 'standard',
    lastAsked: null,
    error: null,
    ...request,
  },
  notice: null,
  plansHref: '/plans',
  closeHref: '/employer/close',
});

describe('the plan and usage page', () => {
  it('asks for a paid plan with radio buttons named plan, the chosen one checked', () => {
    render(<PlanUsagePage props={usage()} />);
    const group = screen.getByRole('group', { name: 'Plan you’d like' });
    expect(within(group).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['standard', 'premium']);
    expect((within(group).getByRole('radio', { name: 'Standard, $99 a month' }) as HTMLInputElement).checked).toBe(true);
    expect(posted(formOf(group))).toEqual([['plan', 'standard']]);
    expect(formOf(group).getAttribute('action')).toBe('/user/set-plan/request');
    expect(screen.getByRole('button', { name: 'Ask our sales team' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Try Standard free for 7 days' }).getAttribute('href')).toBe('/user/purchase-plan-simple');
    expect(screen.getByRole('link', { name: 'Close your company…' }).getAttribute('href')).toBe('/employer/close');
  });

  it('says a refused choice as the group’s own error', () => {
    render(<PlanUsagePage props={usage({ chosen: 'free', error: 'Choose Standard or Premium.' })} />);
    const group = screen.getByRole('group', { name: 'Plan you’d like' });
    expect(within(group).getByRole('alert').textContent).toBe('Choose Standard or Premium.');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(description(group)).toContain('Choose Standard or Premium.');
    expect(posted(formOf(group))).toEqual([]);
  });
});

const close = (overrides: Partial<CompanyCloseProps> = {}): CompanyCloseProps => ({
  companyName: 'Acme Freight',
  isOwner: true,
  consequences: ['Your 2 live jobs close.'],
  error: null,
  action: '/employer/close',
  cancelHref: '/user/set-plan',
  ...overrides,
});

describe('the close confirm step', () => {
  it('posts confirm=yes only once the owner ticks the box, with the danger button', () => {
    render(<CompanyClosePage props={close()} />);
    const box = screen.getByRole('checkbox', { name: 'I understand: close Acme Freight now.' }) as HTMLInputElement;
    const button = screen.getByRole('button', { name: 'Close company' });
    expect(button.className).toContain('button-danger');
    expect(posted(formOf(box))).toEqual([]);
    box.click();
    expect(posted(formOf(box))).toEqual([['confirm', 'yes']]);
    expect(screen.getByRole('link', { name: 'Keep it open' }).getAttribute('href')).toBe('/user/set-plan');
  });

  it('says the unticked box under it, tied to it; anyone but the owner is told at the top and sees no form', () => {
    render(<CompanyClosePage props={close({ error: 'Tick the box to confirm that you want to close your company.' })} />);
    const box = screen.getByRole('checkbox', { name: 'I understand: close Acme Freight now.' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toBe('Tick the box to confirm that you want to close your company.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    cleanup();

    render(<CompanyClosePage props={close({ isOwner: false, error: 'Only the company’s owner can close the company.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('Only the company’s owner can close the company.');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

const survey: EmployerSurveyPageProps = {
  companyName: 'Acme Freight',
  values: { roles: 'Picker', hires: '2-5', place_type: '', location: '', start: 'now' },
  errors: {},
  next: '/post-a-job',
};

describe('the hiring-needs survey', () => {
  it('asks three questions as radio groups with the same names and values, and Continue or Skip as intent', () => {
    render(<EmployerSurveyPage props={survey} />);
    const choices = (legend: string) => within(screen.getByRole('group', { name: legend })).getAllByRole('radio') as HTMLInputElement[];
    expect(choices('How many people do you want to hire?').map((radio) => [radio.name, radio.value])).toEqual([
      ['hires', '1'],
      ['hires', '2-5'],
      ['hires', '6-10'],
      ['hires', '11+'],
    ]);
    expect(choices('Where will they work?').map((radio) => radio.value)).toEqual(['onsite', 'remote', 'hybrid']);
    expect(choices('When should they start?').map((radio) => radio.value)).toEqual(['now', 'months', 'later', 'unsure']);
    expect((screen.getByRole('radio', { name: '2 to 5 people' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'On site' }) as HTMLInputElement).checked).toBe(false);

    const answer = screen.getByRole('button', { name: 'Continue' });
    const skip = screen.getByRole('button', { name: 'Skip' });
    expect(skip.hasAttribute('formnovalidate')).toBe(true);
    expect(posted(formOf(answer), answer)).toEqual([
      ['next', '/post-a-job'],
      ['roles', 'Picker'],
      ['hires', '2-5'],
      ['location', ''],
      ['start', 'now'],
      ['intent', 'answer'],
    ]);
    expect(posted(formOf(skip), skip).at(-1)).toEqual(['intent', 'skip']);
  });
});

describe('the plans, trial, reactivate, invitation and share pages', () => {
  const plans: PlansPageProps = {
    plans: [
      { id: 'free', name: 'Free', price: '$0', summary: 'One live job.', features: ['1 live job'], current: true },
      { id: 'standard', name: 'Standard', price: '$99', summary: 'For steady hiring.', features: ['5 live jobs'], current: false },
    ],
    canChoose: true,
    currentPlan: 'free',
    trialHref: null,
    loginHref: '/authn/employer/login?next=%2Fplans',
    notice: null,
    error: null,
  };

  it('chooses a plan by posting its id, and marks the current plan with words', () => {
    render(<PlansPage props={plans} />);
    // jsdom drops the space that opens a visually hidden span from the name ("Choose planStandard"); a browser keeps it.
    const choose = screen.getByRole('button', { name: /^Choose plan ?Standard$/ });
    expect(posted(formOf(choose))).toEqual([['plan', 'standard']]);
    expect(formOf(choose).getAttribute('action')).toBe('/plans/choose');
    expect(screen.getByText('Your current plan')).toBeTruthy();
    expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('card'))).toHaveLength(2);
    cleanup();

    render(<PlansPage props={{ ...plans, canChoose: false }} />);
    expect(screen.getByRole('link', { name: /^Choose plan ?Standard$/ }).getAttribute('href')).toBe('/authn/employer/login?next=%2Fplans');
  });

  it('starts the trial, reactivates and accepts an invitation with one submit button each', () => {
    render(<PlanTrialPage props={{ state: 'can_start', planName: 'Standard', days: 7, planLines: [], message: null, action: '/user/purchase-plan-simple', planHref: '/user/set-plan' }} />);
    expect(formOf(screen.getByRole('button', { name: 'Start free trial' })).getAttribute('action')).toBe('/user/purchase-plan-simple');
    cleanup();

    render(
      <CompanyReactivatePage
        props={{ state: 'can_reactivate', companyName: 'Acme', closedOn: 'Dec 1, 2026', deadline: null, message: null, notice: null, action: '/employer/reactivate', dashboardHref: '/dashboard' }}
      />,
    );
    expect(formOf(screen.getByRole('button', { name: 'Reactivate Acme' })).getAttribute('action')).toBe('/employer/reactivate');
    cleanup();

    const invitation = { token: 't0k', companyName: 'Acme', invitedEmail: 'sam@acme.example', signedInAs: 'sam@acme.example', loginHref: '/authn/employer/login', message: null };
    render(<CompanyInvitationPage props={{ ...invitation, state: 'ready' }} />);
    expect(formOf(screen.getByRole('button', { name: 'Accept invitation' })).getAttribute('action')).toBe('/employer/invitation/t0k');
    cleanup();
    render(<CompanyInvitationPage props={{ ...invitation, state: 'sign_in' }} />);
    expect(screen.getByRole('link', { name: 'Log in to accept' }).getAttribute('href')).toBe('/authn/employer/login');
  });

  it('shares the first job with links that open in a new tab and a copy button once the script runs', () => {
    render(
      <FirstJobSharePage
        props={{ title: 'Picker', live: true, url: 'https://jobwise.example/job/picker-1', shareLinks: [{ label: 'LinkedIn', href: 'https://linkedin.example/share' }], dashboardHref: '/dashboard' }}
      />,
    );
    const share = screen.getByRole('link', { name: /^LinkedIn ?\(opens in a new tab\)$/ });
    expect([share.getAttribute('target'), share.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Copy link' }).getAttribute('type')).toBe('button');
  });
});

describe('the question sets and the rejection emails card', () => {
  it('edits a set by its link and deletes it by a danger button in its own form', () => {
    const props: QuestionSetsPageProps = {
      sets: [{ id: 's1', name: 'Dock basics', questions: [{ text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' }], editHref: '/quiz/create?edit=s1', deleteHref: '/quiz/s1/delete' }],
      editing: { id: null, name: '', questions: [] },
      errors: [],
      notice: null,
      action: '/quiz/create',
      postJobHref: '/post-a-job',
    };
    render(<QuestionSetsPage props={props} />);
    expect(screen.getByRole('link', { name: 'Edit Dock basics' }).getAttribute('href')).toBe('/quiz/create?edit=s1');
    const remove = screen.getByRole('button', { name: 'Yes, delete Dock basics', hidden: true });
    expect(remove.className).toContain('button-danger');
    expect(formOf(remove).getAttribute('action')).toBe('/quiz/s1/delete');
    expect(screen.getByRole('button', { name: 'Save set' }).getAttribute('type')).toBe('submit');
  });

  it('posts rejection_emails=on when the owner ticks it, the hint tied to the box', () => {
    render(<ApplicantEmailsCard settings={{ rejectionEmails: false, canEdit: true, rejectionPreview: { subject: 'Your application', text: 'Thank you.' } }} />);
    const box = screen.getByRole('checkbox', { name: 'Send rejection emails' }) as HTMLInputElement;
    expect(description(box)).toContain('When you move an applicant to Rejected');
    expect(posted(formOf(box))).toEqual([]);
    box.click();
    expect(posted(formOf(box))).toEqual([['rejection_emails', 'on']]);
    expect(screen.getByRole('button', { name: 'Save emails to applicants' }).getAttribute('type')).toBe('submit');
  });
});
