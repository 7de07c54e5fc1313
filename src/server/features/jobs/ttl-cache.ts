/**
 * Remembers an expensive read (type-ahead lists, browse counts, salary figures) for a while, per
 * database, so a busy page does not group 100,000 rows on every request. Concurrent callers share
 * one load.
 */
export function createTtlCache<T>(ttlMs: number) {
  const entries = new WeakMap<object, { expires: number; value: Promise<T> }>();
  return (owner: object, now: number, load: () => Promise<T>): Promise<T> => {
    const entry = entries.get(owner);
    if (entry && entry.expires > now) return entry.value;
    const value = load();
    entries.set(owner, { expires: now + ttlMs, value });
    value.catch(() => entries.delete(owner));
    return value;
  };
}
