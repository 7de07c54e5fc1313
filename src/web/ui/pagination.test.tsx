// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

const href = (page: number) => `/candidates?page=${page}`;

describe('Pagination (results, applicant inbox, employer dashboard)', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} href={href} />);
    expect(container.innerHTML).toBe('');
  });

  it('links Previous, five pages around the current one and Next, marking the current page', () => {
    render(<Pagination page={6} pageCount={20} href={href} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Previous', '4', '5', '6', '7', '8', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/candidates?page=5');
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/candidates?page=7');
    expect(within(nav).getByRole('link', { name: 'Page 6, current page' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps five pages at either end, without Previous on the first page or Next on the last', () => {
    render(<Pagination page={20} pageCount={20} href={href} />);
    const links = within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Previous', '16', '17', '18', '19', '20']);
  });
});
