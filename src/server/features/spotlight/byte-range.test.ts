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
    ['bytes=500-100', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
  ] as const)('%s of 1000 bytes', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
