/**
 * Runs `run` at most once per `intervalMs`: the first call at once, the last one of a burst when the
 * interval has passed (so the final state is never missed). `cancel` drops a pending trailing call.
 */
export function throttle<A extends unknown[]>(run: (...args: A) => void, intervalMs: number, now: () => number = () => Date.now()) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const fire = (args: A) => {
    last = now();
    pending = null;
    run(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + intervalMs - now();
    if (wait <= 0) {
      clearTimeout(timer);
      timer = undefined;
      fire(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      if (pending) fire(pending);
    }, wait);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  return throttled;
}
