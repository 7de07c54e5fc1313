// @vitest-environment jsdom
// eslint-disable-next-line no-restricted-imports -- a test reads the stylesheet from disk (Vitest empties CSS imports, ?raw included)
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';
import { ResubscribeForm } from './resubscribe-form';
import { SpotlightForm } from './spotlight-form';

const baseCss = readFileSync(new URL('../../../styles/base.css', `file://${__filename}`), 'utf8');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the generic error screen and the error report (spec 2.6)', () => {
  it('reads "Sorry, something went wrong! An error occurred." and sends a report', async () => {
    const onReport = vi.fn(async () => true);
    render(<ErrorScreen headingId="e" headingLevel={2} onTryAgain={() => undefined} onReport={onReport} />);
    expect(screen.getByRole('heading', { name: 'Sorry, something went wrong!' })).toBeTruthy();
    expect(screen.getByText('An error occurred.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report error' }));
    const dialog = screen.getByRole('dialog', { name: 'Report error' });
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Error Report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please describe the error.');
    fireEvent.change(screen.getByLabelText('What was the error? What did you expect to happen instead?'), { target: { value: 'The code never came.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Error Report' }));
    });
    expect(onReport).toHaveBeenCalledWith('The code never came.');
    expect(screen.getByText('Thank you. Your report was sent.')).toBeTruthy();
  });

  it('a report that cannot reach the server says "We were unable to contact our servers please try again later."', async () => {
    render(<ErrorScreen headingId="e" headingLevel={2} onTryAgain={() => undefined} onReport={async () => false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report error' }));
    fireEvent.change(screen.getByLabelText('What was the error? What did you expect to happen instead?'), { target: { value: 'Stuck.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Error Report' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('We were unable to contact our servers please try again later.');
  });
});

describe('the candidate spotlight offer (spec 2.6, 9)', () => {
  const props = { headingId: 's', headingLevel: 2 as const, onConfirm: () => undefined, onSkip: () => undefined };

  it('shows the badge and title, and starts the video after 2 seconds', () => {
    vi.useFakeTimers();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    render(<SpotlightForm {...props} />);
    expect(screen.getByText('Early Access')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Get your resume seen first' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('falls back to the image when the video is not ready at 3 seconds, and says "Media failed to load" when both fail', () => {
    vi.useFakeTimers();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { container } = render(<SpotlightForm {...props} />);
    expect(container.querySelector('video')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(container.querySelector('video')).toBeNull();
    const image = screen.getByRole('img');
    fireEvent.error(image);
    expect(screen.getByText('Media failed to load')).toBeTruthy();
  });

  it('a video error shows the image at once', () => {
    const { container } = render(<SpotlightForm {...props} />);
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByRole('img')).toBeTruthy();
  });
});

describe("the registration flow's buttons (decision 0321)", () => {
  it('take the design system\'s classes, each drawn, disabled look included, by base.css, the one stylesheet the landing page loads', () => {
    render(<ResubscribeForm headingId="r" headingLevel={2} busy onResubscribe={() => undefined} onSkip={() => undefined} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.className)).toEqual(['button button-primary', 'button button-secondary']);
    expect((buttons[0] as HTMLButtonElement).disabled).toBe(true);
    // The recent searches' Clear, on the landing page too, is a plain button.
    for (const name of ['.button', '.button-primary', '.button-secondary', '.button-plain', '.button:disabled', '.button-primary:disabled']) {
      expect(baseCss).toMatch(new RegExp(`(^|[\\s,}])${name.replace(/[.:]/g, '\\$&')}[\\s,{]`, 'm'));
    }
  });
});
