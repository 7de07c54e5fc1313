import { describe, expect, it } from 'vitest';
import { oneOfNumbers, pageNumber, searchText } from './search-params';

describe('search params', () => {
  it('reads the first of a repeated value, collapses whitespace and cuts at the length', () => {
    expect(searchText(5).parse(['  a\u0007\n b  ', 'x'])).toBe('a b');
    expect(searchText(3).parse('abcdef')).toBe('abc');
    expect(searchText(3).parse(42)).toBe('');
  });

  it('keeps only an offered number', () => {
    expect(oneOfNumbers([5, 10] as const).parse('10')).toBe(10);
    expect(oneOfNumbers([5, 10] as const).parse('7')).toBeNull();
    expect(oneOfNumbers([5, 10] as const).parse('ten')).toBeNull();
  });

  it('bounds the page between 1 and the last', () => {
    expect(pageNumber(20).parse('3')).toBe(3);
    expect(pageNumber(20).parse('99')).toBe(20);
    expect(pageNumber(20).parse('-4')).toBe(1);
    expect(pageNumber(20).parse('x')).toBe(1);
    expect(pageNumber(20).parse(['2.7', '9'])).toBe(2);
  });
});
