import { describe, expect, it } from 'vitest';
import { canStillReactivate, closeConsequences, daysLeftText, formatMoment, liveJobsUsage, pausedJobsText, reactivationDeadline, resumeViewsUsage } from './plan-usage';
import { DAY_MS } from '../time';


describe('the plan page’s figures in words (issue 44, decision 0288)', () => {
  it.each([
    [0, 1, '0 of 1 live job'],
    [1, 1, '1 of 1 live job'],
    [2, 5, '2 of 5 live jobs'],
    [25, 25, '25 of 25 live jobs'],
  ])('%i live of %i: %s', (used, limit, text) => expect(liveJobsUsage(used, limit)).toBe(text));

  it('counts résumé views this month, or says the plan has none', () => {
    expect(resumeViewsUsage(0, 0)).toBe('The résumé database is not part of your plan');
    expect(resumeViewsUsage(1, 250)).toBe('1 of 250 résumé views this month');
    expect(resumeViewsUsage(1000, 1000)).toBe('1,000 of 1,000 résumé views this month');
  });

  it('speaks of paused jobs in the singular and the plural', () => {
    expect(pausedJobsText(0)).toBeNull();
    expect(pausedJobsText(1)).toBe('1 job is paused until your plan has room for it. Job seekers don’t see paused jobs.');
    expect(pausedJobsText(3)).toBe('3 jobs are paused until your plan has room for them. Job seekers don’t see paused jobs.');
  });

  it('counts the days left of a trial up to the next whole day', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(daysLeftText(now + 7 * DAY_MS, now)).toBe('7 days left');
    expect(daysLeftText(now + 1, now)).toBe('1 day left');
    expect(daysLeftText(now - 1, now)).toBe('0 days left');
    expect(formatMoment(now + 7 * DAY_MS)).toBe('Nov 28, 2026 at 12:00 PM UTC');
  });
});

describe('closing and reactivating (decision 0289)', () => {
  it('allows reactivating up to and including the 90th day after closing', () => {
    const closedAt = Date.UTC(2026, 10, 21, 12);
    expect(reactivationDeadline(closedAt)).toBe(closedAt + 90 * DAY_MS);
    expect(canStillReactivate(closedAt, closedAt + 90 * DAY_MS)).toBe(true);
    expect(canStillReactivate(closedAt, closedAt + 90 * DAY_MS + 1)).toBe(false);
  });

  it('says what closing does, with counts', () => {
    expect(closeConsequences(0, 1).slice(0, 2)).toEqual(['You have no live jobs to close.', 'Nobody can use your workspace until you reactivate the company.']);
    expect(closeConsequences(1, 2).slice(0, 2)).toEqual([
      'Your 1 live or paused job will close, and job seekers will no longer see it.',
      'Your team of 2 people will lose access to the workspace until you reactivate the company.',
    ]);
  });
});
