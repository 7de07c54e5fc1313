// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../../shared/employer-jobs/fields';
import type { PostJobPageProps } from '../../shared/employer-jobs/page-props';
import PostJobPage from './post-job-page';

afterEach(cleanup);

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

describe('PostJobPage', () => {
  it('labels every field and posts to /post-a-job with publish, draft and preview', () => {
    const { container } = render(<PostJobPage props={props()} />);
    for (const label of ['Job title', 'Category', 'Description', 'Location', 'Pay', 'Pay period', 'Currency', 'Application link', 'Application email', 'Days until the job expires']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/post-a-job');
    expect(screen.getByRole('button', { name: 'Publish job' }).getAttribute('value')).toBe('publish');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /Screening question \d/ })).toHaveLength(5);
  });

  it('shows each error beside its field, linked from the summary, and keeps what was typed', () => {
    render(
      <PostJobPage
        props={props({
          values: { ...EMPTY_DRAFT, title: 'x', pay_min: 'lots' },
          errors: [
            { field: 'title', message: 'Job title: use at least 3 characters.' },
            { field: 'pay_min', message: 'Pay: enter an amount such as 18.50 or 52000.' },
          ],
        })}
      />,
    );
    const title = screen.getByLabelText('Job title') as HTMLInputElement;
    expect(title.value).toBe('x');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('Job title: use at least 3 characters.');
    expect((screen.getByLabelText('Pay') as HTMLInputElement).value).toBe('lots');
    expect(screen.getByRole('link', { name: 'Pay: enter an amount such as 18.50 or 52000.' }).getAttribute('href')).toBe('#job-pay-min');
    expect(screen.getByRole('heading', { name: 'Fix these 2 things before publishing' })).toBeTruthy();
  });

  it('offers the plans when the plan is full, and shows a rejection reason', () => {
    render(<PostJobPage props={props({ jobId: 'abc123def', status: 'rejected', rejectionReason: 'Pay missing.', problem: { message: 'Your Free plan allows 1 live job at a time.', plansHref: '/plans' } })} />);
    expect(screen.getByText('This job was not approved: Pay missing.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
  });
});
