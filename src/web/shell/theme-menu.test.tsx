// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_HEAD_SCRIPT, THEME_STORAGE_KEY } from '../../shared/theme';
import { ThemeChoices, ThemeMenu } from './theme-menu';

const root = document.documentElement;

afterEach(() => {
  cleanup();
  localStorage.clear();
  root.removeAttribute('data-theme');
});

describe('the theme menu', () => {
  it('is a named button that opens the three choices, and a choice is kept and applied', async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const group = await screen.findByRole('group', { name: 'Theme' });
    expect(within(group).getByRole('button', { name: 'Same as device' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(group).getByRole('button', { name: 'Dark' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(within(group).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Same as device' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(within(group).getByRole('button', { name: 'Same as device' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('works from the keyboard: Enter opens it, Tab reaches the choices, Enter chooses, Escape closes', async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole('button', { name: 'Theme' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const light = await screen.findByRole('button', { name: 'Light' });
    await user.tab();
    expect(document.activeElement).toBe(light);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dark' }));
    await user.keyboard('{Enter}');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the choice the head script applied, and follows a choice made in another tab', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    new Function(THEME_HEAD_SCRIPT)();
    render(<ThemeChoices where="mobile" />);
    const group = await screen.findByRole('group', { name: 'Theme' });
    expect(within(group).getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).toBe('true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(within(group).getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    expect(root.getAttribute('data-theme')).toBe('dark');
    fireEvent.click(within(group).getByRole('button', { name: 'Same as device' }));
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});

describe('the head script', () => {
  const run = () => new Function(THEME_HEAD_SCRIPT)() as void;

  it('puts a kept choice on <html> and leaves it off for the system setting or anything else', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root.getAttribute('data-theme')).toBe('dark');
    root.removeAttribute('data-theme');
    localStorage.setItem(THEME_STORAGE_KEY, '"><script>');
    run();
    expect(root.hasAttribute('data-theme')).toBe(false);
    localStorage.removeItem(THEME_STORAGE_KEY);
    run();
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
