// @vitest-environment jsdom
// The posting form's stepper (decision 0291): one step at a time, Next checked by the server, focus on
// the step's heading, problems announced, only the fields that apply, questions added one at a time.
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_DRAFT } from '../../shared/employer-jobs/fields';
import type { PostJobPageProps } from '../../shared/employer-jobs/page-props';
import { renderToString } from 'react-dom/server';
import PostJobPage from './post-job-page';

// Two cores are shared by several runs: the first renders of jsdom can take longer than waitFor's second.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const props = (overrides: Partial<PostJobPageProps> = {}): PostJobPageProps => ({
  jobId: null,
  status: null,
  values: { ...EMPTY_DRAFT },
  errors: [],
  notice: null,
  problem: null,
  rejectionReason: null,
  previewHref: null,
  dashboardHref: '/dashboard',
  ...overrides,
});

/** The server: the step check answers `errors`, the pay suggestion answers `suggestion`. */
function stubServer(answers: { errors?: Array<{ field: string; message: string }>; suggestion?: unknown; places?: string[] } = {}) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    const body = url.startsWith('/post-a-job/check')
      ? { errors: answers.errors ?? [] }
      : url.startsWith('/post-a-job/pay-suggestion')
        ? { suggestion: answers.suggestion ?? null }
        : { suggestions: url.startsWith('/api/typeahead/locations') ? (answers.places ?? []) : [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const heading = (name: RegExp) => screen.getByRole('heading', { level: 2, name });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('the posting stepper', () => {
  it('shows one step with the step list, moves on when the server finds nothing to fix, and focuses the new heading', async () => {
    const calls = stubServer();
    render(<PostJobPage props={props()} />);
    expect(screen.getByRole('list', { name: 'Steps' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('Basics').closest('li')!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByLabelText('Job title')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish job' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Job title'), { target: { value: 'Night Forklift Operator' } });
    next();
    await waitFor(() => expect(document.activeElement).toBe(heading(/Step 2 of 5: Details/)));
    expect(calls[0]).toMatchObject({ url: '/post-a-job/check', body: { title: 'Night Forklift Operator', place_type: 'onsite' } });
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Step 2 of 5: Details');
    expect(screen.getByLabelText('Description')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(heading(/Step 1 of 5: Basics/)));
  });

  it("offers the search's place suggestions that a job can take: a city and state or a ZIP code, not a state or Remote", async () => {
    const calls = stubServer({ places: ['Austin, TX', 'Texas', 'Remote', 'Austin, TX 78701'] });
    render(<PostJobPage props={props()} />);
    fireEvent.change(screen.getByLabelText('Job title'), { target: { value: 'Night Forklift Operator' } });
    next();
    await waitFor(() => expect(document.activeElement).toBe(heading(/Step 2 of 5: Details/)));
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'Aus' } });
    await waitFor(() =>
      expect(within(screen.getByRole('listbox', { name: 'Location suggestions' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Austin, TX', 'Austin, TX 78701']),
    );
    expect(calls.some((call) => call.url === '/api/typeahead/locations?q=Aus')).toBe(true);
  });

  it("stays on the step with the server's problems for that step only, listed and announced", async () => {
    stubServer({
      errors: [
        { field: 'title', message: 'Job title: enter the job title.' },
        { field: 'category', message: 'Category: choose a category.' },
        { field: 'description', message: 'Description: describe the job.' },
      ],
    });
    render(<PostJobPage props={props()} />);
    next();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Job title: enter the job title.' })).toBeTruthy());
    expect(screen.queryByText('Description: describe the job.')).toBeNull();
    // Focus moves in an effect after the list renders, so it is awaited too.
    await waitFor(() => expect(document.activeElement).toBe(heading(/Step 1 of 5: Basics/)));
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toContain('2 things to fix on Basics');
    expect(screen.getByLabelText('Job title').getAttribute('aria-invalid')).toBe('true');
  });

  it('opens at the first step the server refused, and shows the link or email field only for its choice', async () => {
    stubServer();
    render(<PostJobPage props={props({ errors: [{ field: 'apply_email', message: 'Application email: enter the email address that receives applications.' }], values: { ...EMPTY_DRAFT, apply_method: 'email' } })} />);
    expect(heading(/How to apply/)).toBeTruthy();
    expect(screen.getByText('Application email: enter the email address that receives applications.', { selector: 'a' })).toBeTruthy();
    expect(screen.getByLabelText('Application email').closest('.posting-field')!.hasAttribute('hidden')).toBe(false);
    expect(screen.getByLabelText('Application link', { selector: 'input' }).closest('.posting-field')!.hasAttribute('hidden')).toBe(true);
    fireEvent.click(screen.getByLabelText('On our website (a link)'));
    expect(screen.getByLabelText('Application link', { selector: 'input' }).closest('.posting-field')!.hasAttribute('hidden')).toBe(false);
    expect(screen.getByLabelText('Application email').closest('.posting-field')!.hasAttribute('hidden')).toBe(true);
  });

  it('offers the pay suggestion on Pay and benefits and fills the pay with it', async () => {
    const calls = stubServer({ suggestion: { title: 'Forklift Operator', place: 'Austin, TX', low: 17.5, high: 20.5, period: 'hour', text: 'Typical pay for Forklift Operator in Austin, TX: $17.50–$20.50 an hour' } });
    render(<PostJobPage props={props({ values: { ...EMPTY_DRAFT, title: 'Forklift Operator', location: 'Austin, TX' } })} />);
    next();
    await waitFor(() => heading(/Step 2 of 5/));
    next();
    await waitFor(() => expect(screen.getByText('Typical pay for Forklift Operator in Austin, TX: $17.50–$20.50 an hour')).toBeTruthy());
    expect(calls.some((call) => call.url === '/post-a-job/pay-suggestion?title=Forklift+Operator&location=Austin%2C+TX&place_type=onsite')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Use this pay' }));
    expect((screen.getByLabelText('Pay', { selector: 'input' }) as HTMLInputElement).value).toBe('17.5');
    expect((screen.getByLabelText('Pay up to (optional)') as HTMLInputElement).value).toBe('20.5');
  });

  it('adds screening questions one at a time up to five, removes one, and fills them from a saved set', async () => {
    stubServer();
    const savedSets = [{ id: 'set123456', name: 'Warehouse basics', questions: [{ text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' }] }];
    render(<PostJobPage props={props({ errors: [{ field: 'questions', message: 'Screening questions: ask at most 5.' }], savedSets })} />);
    expect(heading(/Step 5 of 5: Screening/)).toBeTruthy();
    expect(screen.queryAllByLabelText('Question')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Publish job' })).toBeTruthy();
    for (let count = 1; count <= 5; count += 1) {
      fireEvent.click(screen.getByRole('button', { name: count === 1 ? 'Add a question' : 'Add another question' }));
      expect(screen.getAllByLabelText('Question')).toHaveLength(count);
      expect(document.activeElement).toBe(screen.getAllByLabelText('Question')[count - 1]);
    }
    expect(screen.queryByRole('button', { name: /Add another question/ })).toBeNull();
    fireEvent.change(screen.getAllByLabelText('Question')[1]!, { target: { value: 'Second question?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove screening question 1' }));
    expect(screen.getAllByLabelText('Question')).toHaveLength(4);
    expect((screen.getAllByLabelText('Question')[0] as HTMLInputElement).value).toBe('Second question?');
    expect(screen.getAllByLabelText('Question')[0]!.getAttribute('name')).toBe('q1_text');

    fireEvent.change(screen.getByLabelText('Use a saved set'), { target: { value: 'set123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in these questions' }));
    expect(screen.getAllByLabelText('Question')).toHaveLength(1);
    expect((screen.getByLabelText('Question') as HTMLInputElement).value).toBe('Can you lift 50 lb?');
    expect((screen.getByLabelText('Deal-breaker, needs') as HTMLInputElement).checked).toBe(true);
  });
});

describe('the posting form without script', () => {
  // The form posts without JavaScript (decision 0291): the component set (decision 0331) keeps every
  // control's name and value, what is chosen, and the ids the list of problems links to.
  it('posts the same names and values, and each problem links to its field', () => {
    const values = { ...EMPTY_DRAFT, title: 'Night Forklift Operator', category: 'warehouse', pay_period: 'week', benefits: ['Dental insurance'], apply_method: 'email' as const, questions: [{ text: 'Can you lift 50 lb?', kind: 'yes_no' as const, deal_breaker: true, expected: 'no' as const }] };
    const savedSets = [{ id: 'set123456', name: 'Dock basics', questions: [] }];
    const errors = ['category', 'pay_period', 'pay_currency', 'employment_type', 'time_zone'].map((field) => ({ field, message: `${field}: fix it.` }));
    document.body.innerHTML = renderToString(<PostJobPage props={props({ values, errors, savedSets } as Partial<PostJobPageProps>)} />);
    const form = document.querySelector<HTMLFormElement>('form.posting-form')!;
    const controls = [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>('input, select, button')].map((control) =>
      control instanceof HTMLSelectElement ? `select ${control.name}=${control.value} (${[...control.options].map((option) => option.value).join(',')})` : `${control.tagName === 'BUTTON' ? 'button' : control.type} ${control.name}=${control.value}${control instanceof HTMLInputElement && control.checked ? ' checked' : ''}`,
    );
    expect(controls).toEqual([
      'text title=Night Forklift Operator',
      'select category=warehouse (,warehouse,housekeeping,manufacturing,retail,hospitality,personal_care,education,healthcare,driving,food_service,office)',
      'select employment_type=full_time (full_time,part_time,contract,temporary,internship)',
      'radio place_type=onsite checked',
      'radio place_type=remote',
      'radio place_type=hybrid',
      'text location=',
      'text pay_min=',
      'text pay_max=',
      'select pay_period=week (hour,day,week,month,year)',
      'select pay_currency=USD (USD,CAD,EUR,GBP)',
      'checkbox benefits=Health insurance',
      'checkbox benefits=Dental insurance checked',
      'checkbox benefits=Vision insurance',
      'checkbox benefits=401(k)',
      'checkbox benefits=401(k) matching',
      'checkbox benefits=Paid time off',
      'checkbox benefits=Paid sick leave',
      'checkbox benefits=Life insurance',
      'checkbox benefits=Employee discount',
      'checkbox benefits=Flexible schedule',
      'checkbox benefits=Tuition reimbursement',
      'checkbox benefits=Referral program',
      'checkbox benefits=Overtime pay',
      'checkbox benefits=Weekly pay',
      'radio apply_method=jobwise',
      'radio apply_method=url',
      'radio apply_method=email checked',
      'url apply_url=',
      'email apply_email=',
      'number expires_in_days=30',
      'select question_set=set123456 (set123456)',
      'button intent=use_set',
      'text q1_text=Can you lift 50 lb?',
      'select q1_kind=yes_no (yes_no,text)',
      'checkbox q1_deal_breaker=on checked',
      'select q1_expected=no (yes,no)',
      'text q2_text=',
      'select q2_kind=yes_no (yes_no,text)',
      'checkbox q2_deal_breaker=on',
      'select q2_expected=yes (yes,no)',
      'text q3_text=',
      'select q3_kind=yes_no (yes_no,text)',
      'checkbox q3_deal_breaker=on',
      'select q3_expected=yes (yes,no)',
      'text q4_text=',
      'select q4_kind=yes_no (yes_no,text)',
      'checkbox q4_deal_breaker=on',
      'select q4_expected=yes (yes,no)',
      'text q5_text=',
      'select q5_kind=yes_no (yes_no,text)',
      'checkbox q5_deal_breaker=on',
      'select q5_expected=yes (yes,no)',
      'button intent=publish',
      'button intent=draft',
      'button intent=preview',
      'datetime-local publish_at=',
      'select time_zone=America/Chicago (America/New_York,America/Chicago,America/Denver,America/Phoenix,America/Los_Angeles,America/Anchorage,Pacific/Honolulu,America/Puerto_Rico,America/Halifax,America/St_Johns,America/Toronto,America/Winnipeg,America/Edmonton,America/Vancouver,Europe/London,Europe/Dublin,Europe/Paris,Europe/Berlin,UTC)',
      'button intent=schedule',
    ]);
    for (const link of document.querySelectorAll<HTMLAnchorElement>('#posting-errors-heading ~ ul a')) {
      expect(document.querySelector(link.getAttribute('href')!)?.tagName).toBe('SELECT');
    }
  });
});
