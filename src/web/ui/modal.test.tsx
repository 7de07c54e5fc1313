// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';
import { shouldCloseSheet } from './sheet';

afterEach(cleanup);

function Harness({ closable = true, onClose = () => undefined }: { closable?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        closable={closable}
        labelledBy="title"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        jobSummary={{ companyName: 'Acme', title: 'Forklift Driver', location: 'Austin, TX', companyLogoUrl: '/logo.svg' }}
      >
        <h2 id="title">Sign up</h2>
        <label>
          Email <input />
        </label>
        <button type="button">Continue</button>
      </Modal>
    </>
  );
}

function openHarness(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal (spec 4.2)', () => {
  it('is a labelled modal dialog that opens by its controlling value and shows the job summary', () => {
    openHarness();
    const dialog = screen.getByRole('dialog', { name: 'Sign up' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Forklift Driver')).toBeTruthy();
    expect(screen.getByText('Acme · Austin, TX')).toBeTruthy();
  });

  it('moves focus in, traps Tab, and returns focus to the opener on close', () => {
    const opener = openHarness();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(document.activeElement).toBe(email);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    continueButton.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(continueButton);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('locks page scroll while open', () => {
    openHarness();
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('a backdrop click closes only when the press began on the backdrop', () => {
    const onClose = vi.fn();
    openHarness({ onClose });
    const dialog = screen.getByRole('dialog');
    const backdrop = dialog.parentElement!;
    fireEvent.pointerDown(dialog);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while closing is disabled: no Close button, Escape and backdrop do nothing', () => {
    const onClose = vi.fn();
    openHarness({ closable: false, onClose });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    const backdrop = screen.getByRole('dialog').parentElement!;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('shouldCloseSheet (spec 4.2, 9)', () => {
  it.each([
    [161, 400, 0, true, 'past 40%'],
    [160, 400, 0, false, 'exactly 40%, slowly'],
    [100, 400, 0.5, true, 'past 20% and fast'],
    [100, 400, 0.3, false, 'past 20% at exactly 0.3'],
    [80, 400, 2, false, 'fast but only 20%'],
    [0, 400, 5, false, 'not dragged'],
    [-100, 400, 5, false, 'dragged up'],
  ])('%d px of %d at %d px/ms: %s', (drag, height, velocity, closes) => {
    expect(shouldCloseSheet(drag, height, velocity)).toBe(closes);
  });
});
