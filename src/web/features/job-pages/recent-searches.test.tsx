// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellData } from '../../../shared/page-data';
import { ShellProvider } from '../../shell/shell-context';
import { testShell } from '../../shell/test-shell';
import { MAX_RECENT_SEARCHES, RECENT_SEARCHES_KEY, readRecentSearches, rememberSearch } from './recent-searches-store';
import { SearchForm } from './search-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => window.localStorage.clear());

const renderForm = (shell: ShellData) =>
  render(
    <ShellProvider value={shell}>
      <SearchForm search="" location="" radius={25} />
    </ShellProvider>,
  );

describe('recent searches in the browser (a visitor, decision 0234)', () => {
  it('keeps the newest first, once each (case aside), at most five, and never an empty search', () => {
    const storage = window.localStorage;
    rememberSearch(storage, { search: 'nurse', location: 'Houston, TX' });
    rememberSearch(storage, { search: '  ', location: '' });
    rememberSearch(storage, { search: 'welder', location: '' });
    rememberSearch(storage, { search: 'NURSE', location: 'houston, tx' });
    expect(readRecentSearches(storage)).toEqual([
      { search: 'NURSE', location: 'houston, tx' },
      { search: 'welder', location: '' },
    ]);
    for (let i = 0; i < 8; i += 1) rememberSearch(storage, { search: `job ${i}`, location: '' });
    const kept = readRecentSearches(storage);
    expect(kept).toHaveLength(MAX_RECENT_SEARCHES);
    expect(kept[0]).toEqual({ search: 'job 7', location: '' });
  });

  it('reads anything unreadable as none, and survives storage that throws', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches(window.localStorage)).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify([{ search: 5 }, null, { search: 'ok', location: 'Austin, TX' }]));
    expect(readRecentSearches(window.localStorage)).toEqual([{ search: 'ok', location: 'Austin, TX' }]);
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    expect(readRecentSearches(refusing)).toEqual([]);
    expect(() => rememberSearch(refusing, { search: 'x', location: '' })).not.toThrow();
  });

  it('the search form remembers a visitor’s submitted search and shows it as a link, and Clear forgets them', async () => {
    rememberSearch(window.localStorage, { search: 'cashier', location: '' });
    const { container } = renderForm(testShell());
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/jobs-search?search=cashier']);

    fireEvent.change(screen.getByRole('combobox', { name: 'What' }), { target: { value: 'Registered nurse' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Where' }), { target: { value: 'Houston, TX' } });
    const form = container.querySelector('form')!;
    form.addEventListener('submit', (event) => event.preventDefault());
    fireEvent.submit(form);
    expect(readRecentSearches(window.localStorage)[0]).toEqual({ search: 'Registered nurse', location: 'Houston, TX' });

    // A plain button by buttonClass: the landing page loads base.css only, which draws it (decision 0321).
    expect(screen.getByRole('button', { name: 'Clear' }).className).toBe('button button-plain');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull();
    expect(readRecentSearches(window.localStorage)).toEqual([]);
  });

  it('a signed-in person sees their account’s searches from the server, not the browser’s', async () => {
    rememberSearch(window.localStorage, { search: 'browser only', location: '' });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify({ searches: [{ search: 'welder', location: 'Dallas, TX' }] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderForm(testShell({ user: { email: 'sam@example.com', side: 'seeker' } }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'welder in Dallas, TX' })).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/recent-searches');
    expect(screen.queryByText('browser only')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    // Their searches are kept by the server when the results page runs them, not in this browser.
    fireEvent.submit(container.querySelector('form')!);
    expect(readRecentSearches(window.localStorage)).toEqual([{ search: 'browser only', location: '' }]);
  });
});
