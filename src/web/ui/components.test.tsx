// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Heart } from 'lucide';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { Button, LinkButton } from './button';
import { Card } from './card';
import { ChoiceChip, RemovableChip } from './chips';
import { CheckboxField, RadioGroup, SelectField } from './choice-inputs';
import { EmptyState } from './empty-state';
import { Icon } from './icon';
import { Skeleton } from './skeleton';
import { NavTabs, Tabs } from './tabs';
import { TOAST_MS, ToastRegion, useToasts } from './toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('icons (spec 9)', () => {
  it('are 1em square with a 1.5 stroke, hidden unless labelled', () => {
    const { container } = render(<Icon icon={Heart} />);
    const svg = container.querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height'), svg.getAttribute('stroke-width')]).toEqual(['1em', '1em', '1.5']);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('path')?.getAttribute('d')).toBeTruthy();
    render(<Icon icon={Heart} label="Saved" />);
    expect(screen.getByRole('img', { name: 'Saved' })).toBeTruthy();
  });
});

describe('buttons', () => {
  it('a loading button says so and cannot be pressed again', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Send</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a button is a button unless it submits, and a link button stays a link', () => {
    render(
      <>
        <Button variant="outline">Cancel</Button>
        <LinkButton href="/post-a-job">Post a job</LinkButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Cancel' }).className).toContain('button-outline');
    expect(screen.getByRole('link', { name: 'Post a job' }).getAttribute('href')).toBe('/post-a-job');
  });

  it('a danger button destroys something, and a ref reaches the button to move focus back to it', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} type="submit" variant="danger">
        Yes, delete the draft
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Yes, delete the draft' }));
    expect(ref.current!.className).toBe('button button-danger');
  });
});

describe('badges and chips', () => {
  it('a badge carries its tone as a class and its meaning in words', () => {
    render(<Badge tone="success">Applied</Badge>);
    expect(screen.getByText('Applied').className).toBe('badge badge-success');
  });

  it('a removable chip is a link that names what it removes', () => {
    render(<RemovableChip href="/jobs-search?search=nurse">Full-time</RemovableChip>);
    expect(screen.getByRole('link', { name: 'Remove filter: Full-time' }).getAttribute('href')).toBe('/jobs-search?search=nurse');
  });

  it('a choice chip is a real checkbox', () => {
    const onChange = vi.fn();
    render(<ChoiceChip label="Remote" name="remote" value="1" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Remote' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(onChange).toHaveBeenCalled();
  });
});

describe('cards', () => {
  it('a card is the element its place needs, with no role of its own (decision 0323)', () => {
    render(
      <ul aria-label="Candidates">
        <Card as="li" tone="accent" aria-current="true">
          Ann Archer
        </Card>
      </ul>,
    );
    const item = within(screen.getByRole('list', { name: 'Candidates' })).getByRole('listitem');
    expect(item.className).toBe('card card-accent');
    expect(item.getAttribute('aria-current')).toBe('true');
    render(
      <Card as="article" aria-labelledby="card-heading">
        <h2 id="card-heading">Interview for Forklift Operator</h2>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Interview for Forklift Operator' }).className).toBe('card');
  });
});

describe('choice inputs', () => {
  it('a select with an error is invalid and described by it', () => {
    render(<SelectField label="Job type" name="type" options={[{ value: '', label: 'Any' }, { value: 'full_time', label: 'Full-time' }]} error="Choose a job type" hint="As on the posting" />);
    const select = screen.getByRole('combobox', { name: 'Job type' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = select.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Choose a job type', 'As on the posting']);
  });

  it('a select hands its element to a ref and shows a disabled option it will not take', () => {
    const ref = createRef<HTMLSelectElement>();
    render(<SelectField ref={ref} label="Job" name="job_id" options={[{ value: 'a', label: 'Welder (invited)', disabled: true }, { value: 'b', label: 'Forklift driver' }]} />);
    const select = screen.getByRole('combobox', { name: 'Job' }) as HTMLSelectElement;
    expect(ref.current).toBe(select);
    expect(screen.getByRole('option', { name: 'Welder (invited)' })).toHaveProperty('disabled', true);
    expect(select.value).toBe('b');
  });

  it('a checkbox and a radio group keep their labels, hints and errors', () => {
    const onValueChange = vi.fn();
    render(
      <>
        <CheckboxField label="Email me new jobs" name="alerts" hint="At most one a day" />
        <RadioGroup legend="Pay period" name="period" options={[{ value: 'hour', label: 'Per hour' }, { value: 'year', label: 'Per year' }]} value="hour" onValueChange={onValueChange} error="Choose one" />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Email me new jobs' });
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('At most one a day');
    const group = screen.getByRole('group', { name: 'Pay period' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Per year' }));
    expect(onValueChange).toHaveBeenCalledWith('year');
  });

  it("a select takes the caller's id where a link lands on it, and can keep its label for screen readers only", () => {
    render(
      <>
        <SelectField id="job-category" label="Category" name="category" options={[{ value: '', label: 'Choose a category' }]} />
        <SelectField label="The answer a deal-breaker needs" labelHidden name="q1_expected" options={[{ value: 'yes', label: 'Yes' }]} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Category' }).id).toBe('job-category');
    expect(screen.getByRole('combobox', { name: 'The answer a deal-breaker needs' })).toBeTruthy();
    expect(screen.getByText('The answer a deal-breaker needs').className).toBe('visually-hidden');
  });

  it('a radio group whose question is a heading above keeps its legend for screen readers only', () => {
    render(<RadioGroup legend="Lowest pay" legendHidden name="min_pay" options={[{ value: '30000', label: '$30,000+' }]} defaultValue="30000" />);
    expect(screen.getByRole('group', { name: 'Lowest pay' })).toBeTruthy();
    expect(screen.getByText('Lowest pay').className).toBe('visually-hidden');
    expect((screen.getByRole('radio', { name: '$30,000+' }) as HTMLInputElement).checked).toBe(true);
  });

  it("a checkbox keeps the page's words that explain it beside its own hint, and a radio option its hint", () => {
    render(
      <>
        <p id="find-me-explanation">Employers see your headline, never your name.</p>
        <CheckboxField label="Let employers find me" name="find_me" aria-describedby="find-me-explanation" hint="You can turn it off at any time" />
        <RadioGroup
          legend="Email me about new applications"
          name="frequency"
          optionClassName="mail-choice"
          defaultValue="daily"
          options={[
            { value: 'immediately', label: 'Immediately', hint: 'One email for each new application' },
            { value: 'daily', label: 'Daily digest', hint: 'One email a day' },
          ]}
        />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Let employers find me' });
    const described = box.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Employers see your headline, never your name.', 'You can turn it off at any time']);
    const daily = screen.getByRole('radio', { name: 'Daily digest' }) as HTMLInputElement;
    expect(daily.checked).toBe(true);
    expect(document.getElementById(daily.getAttribute('aria-describedby')!)?.textContent).toBe('One email a day');
    expect(daily.closest('.ui-check')?.classList.contains('mail-choice')).toBe(true);
  });
});

describe('tabs', () => {
  const tabs = [
    { id: 'one', label: 'Overview', panel: <p>First</p> },
    { id: 'two', label: 'Pay', panel: <p>Second</p> },
    { id: 'three', label: 'Benefits', panel: <p>Third</p> },
  ];

  it('arrow keys, Home and End move and show; only the chosen tab is in the tab order', () => {
    render(<Tabs label="Job details" tabs={tabs} />);
    const [first, second, third] = screen.getAllByRole('tab');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect([first!.tabIndex, second!.tabIndex]).toEqual([0, -1]);
    fireEvent.keyDown(first!, { key: 'ArrowRight' });
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('tabpanel', { name: 'Pay' }).textContent).toBe('Second');
    fireEvent.keyDown(second!, { key: 'End' });
    expect(third!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(third!, { key: 'ArrowRight' });
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first!, { key: 'ArrowLeft' });
    expect(third!.getAttribute('aria-selected')).toBe('true');
  });

  it('link tabs mark the view shown', () => {
    render(<NavTabs label="Jobs" current="/my-jobs" links={[{ href: '/my-jobs', label: 'Live' }, { href: '/my-jobs?show=draft', label: 'Drafts' }]} />);
    expect(screen.getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('empty state and skeleton', () => {
  it('the empty state names what is missing and the way on', () => {
    render(<EmptyState title="No saved jobs yet" action={<a href="/jobs-search">Find jobs</a>}>Save a job to come back to it.</EmptyState>);
    expect(screen.getByRole('heading', { level: 2, name: 'No saved jobs yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toBeTruthy();
  });

  it('the skeleton is hidden from assistive technology', () => {
    const { container } = render(<Skeleton lines={4} />);
    expect(container.querySelector('.skeleton')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.skeleton-line')).toHaveLength(4);
  });
});

describe('toasts', () => {
  function Page() {
    const { toasts, show, dismiss } = useToasts();
    return (
      <>
        <button type="button" onClick={() => show('Moved to Interview', 'success')}>
          Move
        </button>
        <button type="button" onClick={() => show('The move failed', 'error')}>
          Fail
        </button>
        <ToastRegion toasts={toasts} onDismiss={dismiss} />
      </>
    );
  }

  it('appear in a live region, leave after their time, stay while hovered, and can be dismissed', () => {
    vi.useFakeTimers();
    render(<Page />);
    const region = screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(region.textContent).toContain('Moved to Interview');
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(region.textContent).not.toContain('Moved to Interview');

    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    fireEvent.mouseEnter(screen.getByText('Moved to Interview').parentElement!);
    act(() => vi.advanceTimersByTime(TOAST_MS * 2));
    expect(region.textContent).toContain('Moved to Interview');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(region.textContent).not.toContain('Moved to Interview');

    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain('The move failed');
  });
});
