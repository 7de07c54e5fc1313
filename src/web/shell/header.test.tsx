// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShellData } from '../../shared/page-data';
import { Footer } from './footer';
import { Header } from './header';
import { ShellProvider } from './shell-context';
import { loadSignedInParts, provideSignedInParts } from './signed-in-slot';
import { testShell } from './test-shell';

const logEvent = vi.hoisted(() => vi.fn());
vi.mock('../features/analytics/event-logger', () => ({ logEvent }));

const shell = testShell;

// As the client entry does before hydrating a signed-in page.
beforeAll(async () => provideSignedInParts(await loadSignedInParts()));

const renderWith = (data: ShellData, node: React.ReactNode) => render(<ShellProvider value={data}>{node}</ShellProvider>);

afterEach(() => {
  cleanup();
  logEvent.mockClear();
});

describe('Header', () => {
  it('sends Post a Job and Log In clicks to the event log', () => {
    renderWith(shell(), <Header />);
    const header = screen.getByRole('banner');
    const postAJob = within(header).getAllByRole('link', { name: 'Post a Job' })[0]!;
    postAJob.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(postAJob);
    expect(logEvent).toHaveBeenCalledWith('post_a_job_click', { component: 'post-a-job-button' });
    const logIn = header.querySelector<HTMLAnchorElement>('a.header-login')!;
    logIn.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(logIn);
    expect(logEvent).toHaveBeenCalledWith('header_sign_in_click', { component: 'header-sign-in' });
  });

  it('has the accessibility feedback mail link and the rating footnote date from config', () => {
    renderWith(shell({ ratingClaimDate: 'March 3, 2027' }), <Header />);
    expect(screen.getByRole('link', { name: 'Send accessibility feedback' }).getAttribute('href')).toBe(
      'mailto:a11y@jobwise.example?subject=Accessibility%20feedback',
    );
    expect(screen.getByText('*Based on job seeker satisfaction ratings as of March 3, 2027.')).toBeTruthy();
  });

  it('shows the account menu instead of Log In for a signed-in job seeker', () => {
    renderWith(shell({ user: { email: 'sam@example.com' }, audience: 'general' }), <Header />);
    expect(document.querySelector('a.header-login')).toBeNull();
    const account = screen.getByRole('button', { name: 'My Account' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText('sam@example.com')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Suggested Jobs' }).getAttribute('href')).toBe('/jobseeker/home');
    const logOut = within(panel).getByRole('button', { name: 'Log out' });
    const form = logOut.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/logout');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(account.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Suggested Jobs and Log out in the phone menu when signed in', () => {
    renderWith(shell({ user: { email: 'sam@example.com' } }), <Header />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('link', { name: 'Suggested Jobs', hidden: true })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Log In', hidden: true })).toBeNull();
  });
});

describe('Footer', () => {
  it('filters links by audience and adds the tracking fragment', () => {
    renderWith(shell({ audience: 'employers' }), <Footer />);
    const columns = document.querySelector('.footer-columns')!;
    expect(within(columns as HTMLElement).getByRole('link', { name: 'Search Resumes' }).getAttribute('href')).toBe('/resume-database#intsrc=zr.fe.footer_light');
    expect(within(columns as HTMLElement).queryByRole('link', { name: 'Create Free Account' })).toBeNull();
  });

  it('offers a signed-in job seeker neither Create Free Account nor the employer-only links (decision 0094)', () => {
    renderWith(shell({ audience: 'job-seekers', user: { email: 'sam@example.com' } }), <Footer />);
    const columns = document.querySelector<HTMLElement>('.footer-columns')!;
    expect(within(columns).queryByRole('link', { name: 'Create Free Account' })).toBeNull();
    expect(within(columns).queryByRole('link', { name: 'Search Resumes' })).toBeNull();
    expect(within(columns).getByRole('link', { name: 'Job Seeker Login' })).toBeTruthy();
  });

  it('shows the general audience everything', () => {
    renderWith(shell({ audience: 'general' }), <Footer />);
    const columns = document.querySelector<HTMLElement>('.footer-columns')!;
    for (const name of ['Create Free Account', 'Search Resumes', 'Plans']) expect(within(columns).getByRole('link', { name })).toBeTruthy();
  });

  it('keeps only the legal line in minimal mode, and hides the logo credit when configured', () => {
    renderWith(shell({ minimalFooter: true }), <Footer />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('© 2026 Jobwise')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your Privacy Choices' })).toBeTruthy();
    expect(screen.queryByText(/logo provider/)).toBeNull();
    cleanup();
    renderWith(shell({ showLogoCredit: false }), <Footer />);
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(screen.queryByText(/logo provider/)).toBeNull();
  });
});
