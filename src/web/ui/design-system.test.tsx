// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField, TextField } from './inputs';
import { Modal, MODAL_SCROLL_THROTTLE_MS } from './modal';
import { Tooltip, TOOLTIP_MAX_WIDTH_PX, TOOLTIP_OFFSET_PX } from './tooltip';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the tooltip (spec 4.1, 9)', () => {
  it('shows on hover and on focus, hides on leave and on Escape, and describes its anchor', () => {
    render(
      <Tooltip label="sam.longname@hotmail.co.uk">
        <strong>sam.longname@hotmai…</strong>
      </Tooltip>,
    );
    const tip = screen.getByText('sam.longname@hotmail.co.uk');
    expect(tip.hidden).toBe(true);
    const anchor = tip.parentElement!;
    fireEvent.mouseEnter(anchor);
    expect(screen.getByRole('tooltip').textContent).toBe('sam.longname@hotmail.co.uk');
    expect(anchor.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.mouseLeave(anchor);
    expect(tip.hidden).toBe(true);
    fireEvent.focus(anchor);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(anchor, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
    expect([TOOLTIP_OFFSET_PX, TOOLTIP_MAX_WIDTH_PX]).toEqual([18, 260]);
  });
});

describe('the text and number inputs (spec 5)', () => {
  function Text() {
    const [value, setValue] = useState('');
    return <TextField label="Headline" value={value} onValueChange={setValue} bounds={{ min: 3, max: 10 }} />;
  }
  function Count({ onValue }: { onValue(value: number | null): void }) {
    const [value, setValue] = useState<number | null>(null);
    return (
      <NumberField
        label="Openings"
        value={value}
        locale="en-US"
        bounds={{ min: 1, max: 5000 }}
        onValueChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    );
  }

  it('the text input counts as it is typed and is invalid outside its bounds', () => {
    render(<Text />);
    const input = screen.getByLabelText('Headline');
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(screen.getByText('Current 2, minimum 3')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'abcd' } });
    expect(screen.getByText('4/10, minimum 3')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input, { target: { value: 'abcdefghijk' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('the number input keeps digits only, grouped, and says its bounds', () => {
    const onValue = vi.fn();
    render(<Count onValue={onValue} />);
    const input = screen.getByLabelText('Openings') as HTMLInputElement;
    expect(screen.getByText('Choose a number between 1 and 5,000')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12a00' } });
    expect(input.value).toBe('1,200');
    expect(onValue).toHaveBeenLastCalledWith(1200);
    fireEvent.change(input, { target: { value: '12000' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe("the modal's scroll (spec 9)", () => {
  it('marks the dialog scrolled, reading the scroll at most every 100 ms', () => {
    vi.useFakeTimers();
    render(
      <Modal open labelledBy="t" onClose={() => undefined}>
        <h2 id="t">Long form</h2>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    const content = dialog.querySelector('.modal-content')!;
    Object.defineProperty(content, 'scrollTop', { configurable: true, value: 0, writable: true });
    fireEvent.scroll(content);
    expect(dialog.classList.contains('is-scrolled')).toBe(false);
    (content as HTMLElement).scrollTop = 40;
    fireEvent.scroll(content);
    expect(dialog.classList.contains('is-scrolled')).toBe(false);
    act(() => vi.advanceTimersByTime(MODAL_SCROLL_THROTTLE_MS));
    expect(dialog.classList.contains('is-scrolled')).toBe(true);
  });
});
