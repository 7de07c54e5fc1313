// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyContext } from '../../../shared/seeker/apply-flow';
import type { ApplyApi } from './apply-api';
import { ApplyDialog } from './apply-dialog';
import type { ActionAnswer } from './seeker-api';

afterEach(cleanup);

const answer = (status: string, data: Record<string, unknown> = {}, ok = true, message: string | null = null): ActionAnswer => ({ ok, httpStatus: ok ? 200 : 400, status, message, data: { status, ...data } });

const BLANK: ApplyContext = {
  listingKey: 'lk_1',
  job: { title: 'Forklift Driver', company: 'Acme', place: 'Austin, TX', href: '/job/forklift-driver' },
  open: true,
  applied: false,
  email: 'ada@example.com',
  profile: null,
  resume: null,
  questions: [{ name: 'answer_1', text: 'Can you lift 50 lb?', kind: 'yes_no' }],
};
const PROFILE = { full_name: 'Ada Lovelace', phone: '+15125550142', location: 'Austin, TX', headline: '' };

function fakeApi(contexts: ApplyContext[], overrides: Partial<ApplyApi> = {}) {
  let loads = 0;
  return {
    context: vi.fn(async () => contexts[Math.min(loads++, contexts.length - 1)]!),
    saveProfile: vi.fn(async () => answer('SAVED')),
    uploadResume: vi.fn(async () => ({ ok: true, message: null })),
    apply: vi.fn(async () => answer('APPLIED', { message: 'Application sent.', with_resume: true })),
    ...overrides,
  } satisfies ApplyApi;
}

const dialog = () => screen.getByRole('dialog');
const next = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Continue' }));

describe('ApplyDialog', () => {
  it('asks for contact details, a résumé and the question, then shows the review and sends once', async () => {
    const withProfile = { ...BLANK, profile: PROFILE };
    const withResume = { ...withProfile, resume: { fileName: 'ada-cv.pdf', uploaded: 'Nov 1, 2026' } };
    const api = fakeApi([BLANK, withProfile, withResume]);
    const onApplied = vi.fn();
    render(<ApplyDialog listingKey="lk_1" initialAnswers={{}} onApplied={onApplied} onClose={() => undefined} api={api} />);

    expect(await within(dialog()).findByRole('heading', { name: 'Your contact details' })).toBeTruthy();
    expect(within(dialog()).getByText('Step 1 of 4')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(dialog()).getByLabelText('Phone'), { target: { value: '(512) 555-0142' } });
    fireEvent.change(within(dialog()).getByLabelText('City and state, or ZIP code'), { target: { value: 'Austin, TX' } });
    next();
    expect(await within(dialog()).findByRole('heading', { name: 'Your résumé' })).toBeTruthy();
    expect(api.saveProfile).toHaveBeenCalledWith({ full_name: 'Ada Lovelace', phone: '(512) 555-0142', location: 'Austin, TX', headline: '' });

    within(dialog()).getByRole('group', { name: 'Send a résumé with this application?' });
    fireEvent.click(within(dialog()).getByLabelText('Upload a résumé'));
    const file = new File(['%PDF-1.7'], 'ada-cv.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog()).getByLabelText('Résumé file'), { target: { files: [file] } });
    next();
    expect(await within(dialog()).findByRole('heading', { name: 'The employer asks' })).toBeTruthy();
    expect(api.uploadResume).toHaveBeenCalledWith(file);

    // The question must be answered before the review.
    next();
    expect(await within(dialog()).findByText('Answer each question to continue.')).toBeTruthy();
    // A yes-or-no question is a radio group named by the question (RadioGroup, decision 0316).
    const question = within(dialog()).getByRole('group', { name: 'Can you lift 50 lb?' });
    fireEvent.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect((within(question).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    next();
    expect(await within(dialog()).findByRole('heading', { name: 'Review your application' })).toBeTruthy();
    const shown = [...dialog().querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(shown).toEqual(['Ada Lovelace', 'ada@example.com', '+15125550142', 'Austin, TX', 'ada-cv.pdf', 'Yes']);
    expect(api.apply).not.toHaveBeenCalled();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalledWith({ message: 'Application sent.', withResume: true, already: false }));
    expect(api.apply).toHaveBeenCalledTimes(1);
    expect(api.apply).toHaveBeenCalledWith({ listing_key: 'lk_1', resume: 'stored', answer_1: 'yes' });
  });

  it('keeps what was typed and shows the server’s word beside the field', async () => {
    const api = fakeApi([BLANK], { saveProfile: vi.fn(async () => answer('PROTO_VALIDATION_ERROR', { errors: { phone: 'Phone number is invalid' } }, false, 'Phone number is invalid')) });
    render(<ApplyDialog listingKey="lk_1" initialAnswers={{}} onApplied={() => undefined} onClose={() => undefined} api={api} />);
    await within(dialog()).findByRole('heading', { name: 'Your contact details' });
    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(dialog()).getByLabelText('Phone'), { target: { value: '12' } });
    next();
    await waitFor(() => expect(within(dialog()).getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true'));
    expect((within(dialog()).getByLabelText('Full name') as HTMLInputElement).value).toBe('Grace Hopper');
    expect(within(dialog()).getByRole('heading', { name: 'Your contact details' })).toBeTruthy();
  });

  it('asks only for what is missing: a stored résumé and answered questions go straight to the review', async () => {
    const ready = { ...BLANK, profile: PROFILE, resume: { fileName: 'cv.pdf', uploaded: 'Nov 1, 2026' } };
    const api = fakeApi([ready]);
    render(<ApplyDialog listingKey="lk_1" initialAnswers={{ answer_1: 'no' }} onApplied={() => undefined} onClose={() => undefined} api={api} />);
    expect(await within(dialog()).findByRole('heading', { name: 'Review your application' })).toBeTruthy();
    expect(within(dialog()).getByText('Step 1 of 1')).toBeTruthy();
    // The résumé can still be changed, to none.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Change résumé' }));
    fireEvent.click(await within(dialog()).findByLabelText('Apply without a résumé'));
    next();
    await within(dialog()).findByRole('heading', { name: 'Review your application' });
    expect(within(dialog()).getByText('No résumé')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.apply).toHaveBeenCalledWith({ listing_key: 'lk_1', resume: 'none', answer_1: 'no' }));
  });

  it('shows why sending failed and stays open', async () => {
    const ready = { ...BLANK, profile: PROFILE, resume: { fileName: 'cv.pdf', uploaded: 'Nov 1, 2026' }, questions: [] };
    const api = fakeApi([ready], { apply: vi.fn(async () => answer('APPLICATION_LIMIT', {}, false, 'You have applied to 50 jobs today.')) });
    const onApplied = vi.fn();
    render(<ApplyDialog listingKey="lk_1" initialAnswers={{}} onApplied={onApplied} onClose={() => undefined} api={api} />);
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Send application' }));
    expect(await within(dialog()).findByText('You have applied to 50 jobs today.')).toBeTruthy();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
