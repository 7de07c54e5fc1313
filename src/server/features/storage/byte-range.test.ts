import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=900-', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    // A server may ignore Range: other units and several ranges get the whole file.
    ['items=0-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
  ] as const)('%s of 1000 bytes', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  // Where the stored files' parser and the spotlight's disagreed, each answer now the same for both.
  it.each([
    // An invalid bytes range is refused (416), as the RFC lets a server do; stored files sent it whole.
    ['bytes=500-100', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['bytes=1-2-3', { kind: 'unsatisfiable' }],
    // The unit is case-insensitive (RFC 9110 14.1), with space around the range tolerated; stored files
    // sent these whole.
    ['Bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['BYTES=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes= 0-99 ', { kind: 'partial', start: 0, end: 99 }],
    // A start too large to be a safe integer is past the end of any file.
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
  ] as const)('%s of 1000 bytes, where the two parsers disagreed', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  it('has nothing to give of an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange(undefined, 0)).toEqual({ kind: 'full' });
  });
});
