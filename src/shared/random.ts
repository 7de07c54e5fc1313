/**
 * A small, fast, seedable PRNG (mulberry32): the same seed gives the same numbers, without a
 * dependency. The demo seed (tools/seed) draws its listings from it, so its stream must not change:
 * another sequence would be other demo data. Tests draw deterministic inputs from it too.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  // Cumulative weights per list, found by binary search: the seed picks a city for every job from
  // about 1,000, so walking the list each time cost more than writing the row.
  const cumulative = new WeakMap<object, number[]>();
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    let sums = cumulative.get(items);
    if (!sums) {
      let sum = 0;
      sums = items.map(([, weight]) => (sum += weight));
      cumulative.set(items, sums);
    }
    const roll = next() * sums[sums.length - 1]!;
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (roll < sums[middle]!) high = middle;
      else low = middle + 1;
    }
    return items[low]![0];
  };
  const id = (length = 10) => {
    let out = '';
    for (let i = 0; i < length; i += 1) out += ID_ALPHABET[Math.floor(next() * ID_ALPHABET.length)];
    return out;
  };
  return { next, int, pick, weighted, id };
}
const ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
