import { describe, expect, it } from 'vitest';
import { decisionBeforeTheLog } from './moderation';

describe('a job’s last decision from its own columns (decision 0311)', () => {
  it.each([
    ['rejected', false, 'reject'],
    ['rejected', true, 'reject'],
    ['open', true, 'approve'],
    ['paused', true, 'approve'],
    ['closed', true, 'approve'],
    ['expired', true, 'approve'],
    ['in_review', false, 'reject'],
    ['draft', false, 'reject'],
    ['in_review', true, null],
    ['draft', true, null],
  ] as const)('%s, went live %s: %s', (status, wentLive, decision) => {
    expect(decisionBeforeTheLog(status, wentLive)).toBe(decision);
  });
});
