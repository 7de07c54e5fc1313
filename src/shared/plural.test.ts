import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('counts in words (issue 44)', () => {
  it('uses the singular for one only, and writes the count in en-US digits', () => {
    expect(countOf(1, 'view', 'views')).toBe('1 view');
    expect(countOf(0, 'view', 'views')).toBe('0 views');
    expect(countOf(2, 'apply click', 'apply clicks')).toBe('2 apply clicks');
    expect(countOf(1250, 'application', 'applications')).toBe('1,250 applications');
    expect(plural(1, 'field', 'fields')).toBe('field');
    expect(plural(1.5, 'mile', 'miles')).toBe('miles');
  });
});
