/** What a Range header asks of a file of `size` bytes (RFC 9110 §14): one range, all of it, or nothing satisfiable. */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range per request, which is what media players ask for. Several ranges, or a header in
 * another unit, are answered with the whole file (a server may ignore Range); a well-formed range
 * that starts past the end, or a malformed bytes range, is 416.
 */
export function parseByteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const spec = match[1]!.trim();
  if (spec.includes(',')) return { kind: 'full' };
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'unsatisfiable' };
  if (parts[1] === '') {
    // Suffix: the last N bytes.
    const length = Number(parts[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
