// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StickyApply } from './sticky-apply';

// The job page's sticky Apply (decision 0301): shown once the page's own Apply has scrolled away above,
// acting through that control, and gone when there is no Apply left (applied).

let notify: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void = () => undefined;
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof notify) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  document.body.innerHTML = '<aside class="job-page-aside"><div class="job-actions"><form><button class="button button-primary" type="button">Apply</button></form></div></aside>';
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = () => document.querySelector('.job-page-aside .job-actions')!;
const placeBox = (bottom: number) => vi.spyOn(box(), 'getBoundingClientRect').mockReturnValue({ bottom } as DOMRect);

describe('StickyApply', () => {
  it('stays hidden while the page’s Apply is in view or not yet reached, shows once it is above the view', () => {
    render(<StickyApply title="Cashier" company="Northstar" label="Apply" />, { container: document.body.appendChild(document.createElement('div')) });
    const bar = () => screen.queryByRole('button', { name: 'Apply: Cashier' });
    expect(bar()).toBeNull();
    placeBox(300);
    act(() => notify([{ target: box(), isIntersecting: true }]));
    expect(bar()).toBeNull();
    placeBox(2000);
    act(() => notify([{ target: box(), isIntersecting: false }]));
    expect(bar()).toBeNull();
    placeBox(-40);
    act(() => notify([{ target: box(), isIntersecting: false }]));
    expect(bar()).not.toBeNull();
  });

  it('clicks the page’s own Apply where the reader can see it, and hides', () => {
    render(<StickyApply title="Cashier" company="Northstar" label="Apply" />, { container: document.body.appendChild(document.createElement('div')) });
    const own = document.querySelector<HTMLButtonElement>('.job-actions .button-primary')!;
    const clicked = vi.fn();
    own.addEventListener('click', clicked);
    placeBox(-40);
    act(() => notify([{ target: box(), isIntersecting: false }]));
    fireEvent.click(screen.getByRole('button', { name: 'Apply: Cashier' }));
    expect(own.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Apply: Cashier' })).toBeNull();
  });

  it('never shows once the job is applied to (no Apply left on the page)', () => {
    render(<StickyApply title="Cashier" company="Northstar" label="Apply" />, { container: document.body.appendChild(document.createElement('div')) });
    box().innerHTML = '<p class="applied-status"><span class="badge badge-success">Applied</span></p>';
    placeBox(-40);
    act(() => notify([{ target: box(), isIntersecting: false }]));
    expect(screen.queryByRole('button', { name: 'Apply: Cashier' })).toBeNull();
  });
});
