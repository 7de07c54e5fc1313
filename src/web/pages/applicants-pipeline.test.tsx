// @vitest-environment jsdom
// The pipeline as an app (decision 0294): its keys, and a change shown at once that a refusal undoes
// with a message in a live region.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicantPage from './applicant-page';
import ApplicantsInboxPage from './applicants-inbox-page';
import type { ApplicantPageProps, InboxApplicant, InboxPageProps } from '../../shared/applicants/page-props';
import { pipelineCommand } from '../features/applicants/pipeline-keys';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const APPLIED_AT = '2026-03-02T23:30:00.000Z';

function applicantProps(overrides: Partial<ApplicantPageProps> = {}): ApplicantPageProps {
  return {
    id: 'app-000001',
    backHref: '/candidates',
    previousHref: '/candidates/app-000000?sort=newest',
    nextHref: '/candidates/app-000002?sort=newest',
    position: { index: 2, total: 3 },
    name: 'Sam Seeker',
    headline: 'Forklift operator',
    place: 'Austin, TX',
    distance: null,
    email: 'sam@example.com',
    phone: '',
    jobTitle: 'Night Forklift Operator',
    jobHref: '/job/x',
    applied: 'Mar 2, 2026, 11:30 PM UTC',
    appliedAt: APPLIED_AT,
    stage: 'new',
    stageLabel: 'New',
    rating: null,
    score: 50,
    greatMatch: false,
    reasons: [],
    failedDealBreaker: false,
    answers: [],
    spotlight: [],
    references: [],
    resume: null,
    history: [],
    notes: [],
    stagePath: '/candidates/app-000001/stage',
    ratingPath: '/candidates/app-000001/rating',
    notesPath: '/candidates/app-000001/notes',
    notice: null,
    error: null,
    followUp: null,
    ...overrides,
  };
}

/** A fetch that answers each call with the next of `answers` (status and JSON body), recording the calls. */
function fakeFetch(...answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; body: unknown; headers: Record<string, string> }> = [];
  const pending: Array<() => void> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, pending };
}

/** The page's message region (the inbox has a second status: its count). */
const messageStatus = () => document.querySelector('.pipeline-messages [role="status"]')?.textContent;
const key = (keyName: string, target: Element | Document = document) => fireEvent.keyDown(target, { key: keyName });

describe('the keys (decision 0294)', () => {
  it('maps j, k, 1 to 6 and ? and nothing else; a modified key or one typed in a field is not a command', () => {
    const base = { ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target: document.body };
    expect(pipelineCommand({ ...base, key: 'j' })).toEqual({ kind: 'next' });
    expect(pipelineCommand({ ...base, key: 'k' })).toEqual({ kind: 'previous' });
    expect(pipelineCommand({ ...base, key: '?' })).toEqual({ kind: 'help' });
    expect(pipelineCommand({ ...base, key: '1' })).toEqual({ kind: 'stage', stage: 'new' });
    expect(pipelineCommand({ ...base, key: '6' })).toEqual({ kind: 'stage', stage: 'rejected' });
    for (const other of ['7', '0', 'J', 'x', 'Enter']) expect(pipelineCommand({ ...base, key: other })).toBeNull();
    expect(pipelineCommand({ ...base, key: 'j', ctrlKey: true })).toBeNull();
    expect(pipelineCommand({ ...base, key: '2', metaKey: true })).toBeNull();
    for (const html of ['<input type="text">', '<input type="search">', '<textarea></textarea>', '<select><option>a</option></select>', '<div contenteditable="true"></div>']) {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      document.body.append(holder);
      expect(pipelineCommand({ ...base, key: 'j', target: holder.firstElementChild }), html).toBeNull();
      holder.remove();
    }
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(pipelineCommand({ ...base, key: '3', target: radio })).toEqual({ kind: 'stage', stage: 'interview' });
  });

  it('on the application page: a digit moves the stage at once, j and k go to the neighbours, ? opens the list as a dialog and gives focus back', async () => {
    const { calls } = fakeFetch({ status: 200, body: { status: 'MOVED', moved: 1, stage: 'interview', change: { from: 'New', to: 'Interview', by: 'me@acme.example', at: 'Mar 3, 2026, 9:00 AM UTC', atIso: '2026-03-03T09:00:00.000Z' } } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: 'http://localhost/candidates/app-000001' });
    render(<ApplicantPage props={applicantProps()} />);
    // Once the keys work, each stage names its digit; the digit sets the select the form posts.
    const stageSelect = screen.getByRole('combobox', { name: 'Move to' }) as HTMLSelectElement;
    expect([...stageSelect.options].map((option) => option.text)).toEqual(['New (1)', 'Reviewed (2)', 'Interview (3)', 'Offer (4)', 'Hired (5)', 'Rejected (6)']);
    expect(stageSelect.name).toBe('stage');
    await act(async () => {
      key('3');
    });
    expect(stageSelect.value).toBe('interview');
    expect(within(screen.getByRole('list', { name: 'Status' })).getByText('Interview')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Stage changed.'));
    expect(calls[0]).toMatchObject({ url: '/candidates/app-000001/stage', body: { stage: 'interview' } });
    expect(calls[0]!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(screen.getByText('New to Interview')).toBeTruthy();

    key('j');
    expect(assign).toHaveBeenLastCalledWith('/candidates/app-000002?sort=newest');
    key('k');
    expect(assign).toHaveBeenLastCalledWith('/candidates/app-000000?sort=newest');

    // Typing in the note is typing, not commands.
    const note = screen.getByLabelText('New note');
    note.focus();
    key('j', note);
    key('6', note);
    expect(assign).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(1);

    const opener = screen.getByRole('button', { name: /Keyboard shortcuts/ });
    opener.focus();
    key('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Next candidate')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Keys inside the dialog are not commands.
    key('6', document.activeElement!);
    expect(calls).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('on the application page without script: the stage select posts "stage" with the stages’ own names, the current one chosen', async () => {
    const { renderToString } = await import('react-dom/server');
    const host = document.createElement('div');
    host.innerHTML = renderToString(<ApplicantPage props={applicantProps({ stage: 'offer', stageLabel: 'Offer' })} />);
    const select = within(host).getByRole('combobox', { name: 'Move to' }) as HTMLSelectElement;
    expect(select.name).toBe('stage');
    expect(select.closest('form')?.getAttribute('action')).toBe('/candidates/app-000001/stage');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['new', 'New'],
      ['reviewed', 'Reviewed'],
      ['interview', 'Interview'],
      ['offer', 'Offer'],
      ['hired', 'Hired'],
      ['rejected', 'Rejected'],
    ]);
    expect(select.value).toBe('offer');
  });

  it('on the inbox: j and k walk the rows (focus on the name), a digit moves the current row in place', async () => {
    const { calls } = fakeFetch({ status: 200, body: { status: 'MOVED', moved: 1, stage: 'reviewed', change: null } });
    const row = (id: string, name: string): InboxApplicant => ({
      id,
      href: `/candidates/${id}?sort=newest`,
      name,
      headline: '',
      place: 'Austin, TX',
      distance: null,
      jobTitle: 'Loader',
      applied: 'Mar 2, 2026',
      appliedAt: APPLIED_AT,
      stage: 'new',
      stageLabel: 'New',
      unread: false,
      rating: null,
      failedDealBreaker: false,
      score: 10,
      greatMatch: false,
      reasons: [],
      spotlight: false,
    });
    const props: InboxPageProps = {
      companyName: 'Acme',
      jobs: [],
      filters: { job: '', stage: '', rating: 0, dealBreaker: '', q: '', sort: 'newest' },
      applicants: [row('app-aaaaaa', 'Ann Archer'), row('app-bbbbbb', 'Bob Baker')],
      total: 2,
      unread: 0,
      page: 1,
      pageCount: 1,
      exportHref: '/candidates/export.csv',
      selfHref: '/candidates',
      notice: null,
      dashboardHref: '/dashboard',
    };
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    render(<ApplicantsInboxPage props={props} />);
    key('2');
    expect(calls).toHaveLength(0);
    expect(messageStatus()).toBe('Press j to choose a candidate first.');
    key('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Ann Archer' }));
    key('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Bob Baker' }));
    key('k');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Ann Archer' }));
    await act(async () => {
      key('2');
    });
    expect(calls[0]).toMatchObject({ url: '/candidates/app-aaaaaa/stage', body: { stage: 'reviewed' } });
    const annRow = screen.getByRole('link', { name: 'Ann Archer' }).closest('li')!;
    expect(within(annRow).getByText('Reviewed')).toBeTruthy();
    await waitFor(() => expect(messageStatus()).toBe('Ann Archer moved to Reviewed.'));
  });
});

describe('a refused change is undone with a message (decision 0294)', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), href: 'http://localhost/candidates/app-000001' });
  });

  it('puts the stage back and says why in an alert', async () => {
    fakeFetch({ status: 404, body: { status: 'NOT_FOUND', error_message: 'Not found', error: 'Not found' } });
    render(<ApplicantPage props={applicantProps({ stage: 'reviewed', stageLabel: 'Reviewed' })} />);
    await act(async () => {
      key('5');
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The stage was not changed. Not found'));
    expect(within(screen.getByRole('list', { name: 'Status' })).getByText('Reviewed')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Status' })).queryByText('Hired')).toBeNull();
    expect((screen.getByLabelText('Move to') as HTMLSelectElement).value).toBe('hired');
  });

  it('shows the star at once, and takes it back when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    render(<ApplicantPage props={applicantProps({ rating: 2 })} />);
    const four = screen.getByRole('radio', { name: '4 stars' });
    await act(async () => {
      fireEvent.click(four);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^The rating was not saved\. /));
    expect((screen.getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((four as HTMLInputElement).checked).toBe(false);
  });

  it('shows a note at once and, refused, removes it and gives the text back to the field', async () => {
    fakeFetch({ status: 400, body: { status: 'PROTO_VALIDATION_ERROR', error_message: 'Keep a note under 2000 characters.', error: 'Keep a note under 2000 characters.' } });
    render(<ApplicantPage props={applicantProps()} />);
    const field = screen.getByLabelText('New note') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Call on Monday' } });
    await act(async () => {
      fireEvent.submit(field.form!);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The note was not added. Keep a note under 2000 characters.'));
    expect(screen.queryByRole('list', { name: 'Notes' })).toBeNull();
    expect(field.value).toBe('Call on Monday');
  });

  it('keeps the later change when an earlier one is refused after it', async () => {
    let release: (value: Response) => void = () => undefined;
    const slow = new Promise<Response>((resolve) => (release = resolve));
    const answers = [slow, Promise.resolve(new Response(JSON.stringify({ status: 'MOVED', moved: 1, stage: 'offer', change: null }), { status: 200 }))];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answers.shift()!),
    );
    render(<ApplicantPage props={applicantProps()} />);
    await act(async () => {
      key('2');
      key('4');
    });
    await act(async () => {
      release(new Response(JSON.stringify({ status: 'NOT_FOUND', error_message: 'Not found', error: 'Not found' }), { status: 404 }));
    });
    expect(within(screen.getByRole('list', { name: 'Status' })).getByText('Offer')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});

describe('times in the viewer’s zone (decision 0294)', () => {
  it('renders the UTC words in <time datetime> first and the local time after hydration', async () => {
    const { formatLocalTime } = await import('../ui/local-time');
    expect(formatLocalTime(APPLIED_AT, 'moment', 'America/Chicago')).toBe('Mar 2, 2026, 5:30 PM CST');
    expect(formatLocalTime(APPLIED_AT, 'day', 'Asia/Tokyo')).toBe('Mar 3, 2026');
    const { renderToString } = await import('react-dom/server');
    const { LocalTime } = await import('../ui/local-time');
    expect(renderToString(<LocalTime iso={APPLIED_AT} utcText="Mar 2, 2026, 11:30 PM UTC" />)).toBe('<time dateTime="2026-03-02T23:30:00.000Z">Mar 2, 2026, 11:30 PM UTC</time>');
  });
});
