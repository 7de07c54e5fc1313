// @vitest-environment jsdom
// The admin's pages drawn with the component set (decision 0336): every form still posts without
// script to the same action with the same names, each button keeps its words, and a list with
// nothing in it says so in an EmptyState.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobModerationPageProps } from '../../shared/employer-jobs/moderation';
import type { ModerationJob, ModerationPageProps } from '../../shared/employer-jobs/page-props';
import type { MessageReportsPageProps } from '../../shared/messages/constants';
import type { AdminQueueProps } from '../../shared/queue/page-props';
import AdminMessageReportsPage from './admin-message-reports-page';
import AdminModerationJobPage from './admin-moderation-job-page';
import AdminModerationPage from './admin-moderation-page';
import AdminQueuePage from './admin-queue-page';

afterEach(cleanup);

const context = { website: 'https://acme.example', accountAge: 'Company account created Nov 30, 2026 (3 days ago)', approved: 2, rejected: 0 };

const moderationJob: ModerationJob = {
  id: 'j1',
  title: 'Forklift Operator',
  company: 'Acme Freight',
  place: 'Austin, TX',
  pay: '$19 an hour',
  submitted: 'today',
  applyTarget: 'On Jobwise',
  descriptionHtml: '<p>Move pallets.</p>',
  edit: false,
  approveHref: '/admin/moderation/j1/approve',
  rejectHref: '/admin/moderation/j1/reject',
  context,
  reviewHref: '/admin/moderation/jobs/j1',
};

/** The form around a button, as the browser posts it without script. */
function formOf(button: HTMLElement): HTMLFormElement {
  expect(button.getAttribute('type')).toBe('submit');
  const form = button.closest('form');
  expect(form?.getAttribute('method')).toBe('post');
  return form!;
}

describe('the moderation page', () => {
  const props = (overrides: Partial<ModerationPageProps> = {}): ModerationPageProps => ({ jobs: [moderationJob], reported: [], notice: null, error: null, ...overrides });

  it('shows each job as an article named by its title, with Approve and Reject posting where they did', () => {
    render(<AdminModerationPage props={props()} />);
    const job = screen.getByRole('article', { name: 'Forklift Operator' });
    expect(within(job).getByText('New job')).toBeTruthy();
    expect(formOf(within(job).getByRole('button', { name: 'Approve: Forklift Operator' })).getAttribute('action')).toBe('/admin/moderation/j1/approve');
    const reject = within(job).getByRole('button', { name: 'Reject: Forklift Operator' });
    expect(reject.className).toContain('button-danger');
    expect(formOf(reject).getAttribute('action')).toBe('/admin/moderation/j1/reject');
    const reason = within(job).getByLabelText('Reason for rejecting (emailed to the company)');
    expect([reason.getAttribute('name'), reason.hasAttribute('required'), reason.id]).toEqual(['reason', true, 'reason-j1']);
    expect(screen.getByRole('heading', { level: 3, name: 'No job is reported' })).toBeTruthy();
  });

  it('lists reported jobs, marks an edit of a live job, and says when nothing waits', () => {
    const reported = [{ id: 'j2', title: 'Night Picker', company: 'Acme Freight', reports: 2, reasons: ['Scam'], lastReported: 'today', reviewHref: '/admin/moderation/jobs/j2' }];
    render(<AdminModerationPage props={props({ jobs: [], reported })} />);
    expect(screen.getByRole('link', { name: 'Night Picker' }).getAttribute('href')).toBe('/admin/moderation/jobs/j2');
    expect(screen.getByText(/2 reports, the last today: Scam/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Nothing is waiting' })).toBeTruthy();
    cleanup();
    render(<AdminModerationPage props={props({ jobs: [{ ...moderationJob, edit: true }] })} />);
    expect(screen.getByText('Edit of a live job').className).toBe('badge badge-info');
  });
});

describe('one job’s moderation view', () => {
  const props = (overrides: Partial<JobModerationPageProps> = {}): JobModerationPageProps => ({
    job: { id: 'j1', title: 'Forklift Operator', company: 'Acme Freight', status: 'open', statusLabel: 'Live', place: 'Austin, TX', pay: '$19 an hour', applyTarget: 'On Jobwise', descriptionHtml: '<p>Move pallets.</p>', publicHref: '/job/forklift' },
    context,
    reports: [{ reasons: ['Scam'], details: 'Asks for money.', reported: 'today', by: 'A visitor' }],
    audit: [],
    edit: { title: 'Forklift Operator', description: 'Move pallets.' },
    errors: {},
    notice: null,
    editAction: '/admin/moderation/jobs/j1/edit',
    closeAction: '/admin/moderation/jobs/j1/close',
    keepAction: '/admin/moderation/jobs/j1/keep',
    backHref: '/admin/moderation',
    ...overrides,
  });

  it('keeps Keep, Close and the edit form posting where they did, the status a badge', () => {
    render(<AdminModerationJobPage props={props()} />);
    expect(screen.getByText('Live').className).toBe('badge badge-success');
    expect(screen.getByText('Asks for money.')).toBeTruthy();
    expect(formOf(screen.getByRole('button', { name: 'Keep the job (reports dealt with)' })).getAttribute('action')).toBe('/admin/moderation/jobs/j1/keep');
    const close = screen.getByRole('button', { name: 'Close the job' });
    expect(close.className).toContain('button-danger');
    expect(formOf(close).getAttribute('action')).toBe('/admin/moderation/jobs/j1/close');
    const edit = formOf(screen.getByRole('button', { name: 'Save changes' }));
    expect(edit.getAttribute('action')).toBe('/admin/moderation/jobs/j1/edit');
    expect([...edit.elements].map((field) => field.getAttribute('name')).filter(Boolean)).toEqual(['title', 'description']);
    expect((screen.getByLabelText('Job title') as HTMLInputElement).value).toBe('Forklift Operator');
    expect(screen.getByRole('heading', { level: 3, name: 'No admin has changed this job yet' })).toBeTruthy();
  });

  it('offers no Keep or Close when they can do nothing, and says there are no reports', () => {
    render(<AdminModerationJobPage props={props({ reports: [], closeAction: null, keepAction: null })} />);
    expect(screen.queryByRole('button', { name: /Keep|Close/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'No open reports' })).toBeTruthy();
  });
});

describe('the reported messages', () => {
  const props = (reports: MessageReportsPageProps['reports']): MessageReportsPageProps => ({ reports, notice: null });

  it('marks each one dealt with by a form of its own, and says when none waits', () => {
    render(<AdminMessageReportsPage props={props([{ id: 'r1', resolveAction: '/admin/message-reports/r1/resolve', company: 'Acme Freight', jobTitle: 'Forklift Operator', body: 'Pay a fee first.', reason: 'Scam', reported: 'today' }])} />);
    const report = screen.getByRole('article', { name: 'Acme Freight · Forklift Operator' });
    expect(formOf(within(report).getByRole('button', { name: 'Mark as dealt with: message from Acme Freight' })).getAttribute('action')).toBe('/admin/message-reports/r1/resolve');
    cleanup();
    render(<AdminMessageReportsPage props={props([])} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No message is waiting for a look' })).toBeTruthy();
  });
});

describe('the job queue', () => {
  const props = (dead: AdminQueueProps['dead']): AdminQueueProps => ({ queues: [{ queue: 'mail', waiting: 1, retrying: 0, active: 0, dead: dead.length }], dead, notice: null });

  it('retries each dead job by a form of its own, and says when none died', () => {
    render(<AdminQueuePage props={props([{ queue: 'mail', id: '7', key: 'welcome:a@b', attempts: 5, lastError: 'SMTP refused', diedAt: 'today', retryHref: '/admin/queue/mail/7/retry' }])} />);
    expect(screen.getByRole('table', { name: 'Jobs per queue' })).toBeTruthy();
    expect(formOf(screen.getByRole('button', { name: 'Retry: welcome:a@b' })).getAttribute('action')).toBe('/admin/queue/mail/7/retry');
    cleanup();
    render(<AdminQueuePage props={props([])} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No job has run out of retries' })).toBeTruthy();
  });
});
