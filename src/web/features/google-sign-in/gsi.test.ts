// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonWidth, isButtonSelection, renderGoogleButton, retry } from './gsi';

afterEach(() => {
  vi.useRealTimers();
  delete window.google;
});

describe('Google button', () => {
  it('is 300 px on phones and 400 px on desktop (spec 9)', () => {
    expect(buttonWidth(true)).toBe(300);
    expect(buttonWidth(false)).toBe(400);
  });

  it('tells button choices from one-tap choices', () => {
    expect(isButtonSelection('btn')).toBe(true);
    expect(isButtonSelection('btn_confirm')).toBe(true);
    expect(isButtonSelection('user_1tap')).toBe(false);
    expect(isButtonSelection(undefined)).toBe(false);
  });

  it('retries rendering up to 10 times, 100 ms apart, then gives up', async () => {
    vi.useFakeTimers();
    const attempt = vi.fn(() => false);
    const result = retry(attempt);
    await vi.advanceTimersByTimeAsync(899);
    expect(attempt).toHaveBeenCalledTimes(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
    expect(attempt).toHaveBeenCalledTimes(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(10);
  });

  it('stops retrying once rendering works', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const result = retry(() => ++calls === 3);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBe(true);
    expect(calls).toBe(3);
  });

  it('renders with the width, once the script is there, and hands the credential to the newest button', async () => {
    const rendered: Array<{ width?: number }> = [];
    let callback: ((response: { credential?: string; select_by?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (options) => {
            callback = options.callback;
          },
          renderButton: (parent, options) => {
            rendered.push(options);
            parent.appendChild(document.createElement('div'));
          },
          prompt: () => undefined,
          cancel: () => undefined,
        },
      },
    };
    const first = document.body.appendChild(document.createElement('div'));
    const second = document.body.appendChild(document.createElement('div'));
    const firstHandler = vi.fn();
    const secondHandler = vi.fn();
    const config = { clientId: 'id', scriptUrl: 'https://accounts.google.com/gsi/client' };
    await renderGoogleButton(config, first, firstHandler, true);
    const forgetSecond = await renderGoogleButton(config, second, secondHandler, false);
    expect(rendered.map((options) => options.width)).toEqual([300, 400]);
    callback?.({ credential: 'c1', select_by: 'btn' });
    expect(secondHandler).toHaveBeenCalledWith('c1');
    forgetSecond();
    callback?.({ credential: 'c2', select_by: 'btn' });
    expect(firstHandler).toHaveBeenCalledWith('c2');
  });
});
