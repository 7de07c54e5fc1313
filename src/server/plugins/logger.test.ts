import { describe, expect, it } from 'vitest';
import { loggedPath } from './logger';

describe('loggedPath', () => {
  it('drops the query string and masks the tokens of emailed links', () => {
    expect(loggedPath('/jobs-search?search=a@b.example')).toBe('/jobs-search');
    expect(loggedPath('/employer/invitation/AbC_123-xyz')).toBe('/employer/invitation/[token]');
    expect(loggedPath('/candidate/unsubscribe/tok.en?x=1')).toBe('/candidate/unsubscribe/[token]');
    expect(loggedPath('/employer/team')).toBe('/employer/team');
  });
});
