import { describe, expect, it } from 'vitest';
import { responseFiguresText, responseTimeLabel } from '../../../shared/companies/response-figures';
import { responseFigures } from './follow-up-run';

const DAY = 86_400_000;

describe('response figures (decision 0232)', () => {
  it('counts answers within 14 days, leaves out withdrawals before any answer in the window, and takes the median', () => {
    expect(
      responseFigures([
        { createdAt: 0, withdrawnAt: null, answeredAt: 1 * DAY },
        { createdAt: 0, withdrawnAt: null, answeredAt: 3 * DAY },
        { createdAt: 0, withdrawnAt: null, answeredAt: 14 * DAY },
        { createdAt: 0, withdrawnAt: null, answeredAt: 14 * DAY + 1 },
        { createdAt: 0, withdrawnAt: null, answeredAt: null },
        { createdAt: 0, withdrawnAt: 2 * DAY, answeredAt: null },
        { createdAt: 0, withdrawnAt: 2 * DAY, answeredAt: 5 * DAY },
        { createdAt: 0, withdrawnAt: 20 * DAY, answeredAt: null },
        { createdAt: 0, withdrawnAt: 4 * DAY, answeredAt: 3 * DAY },
      ]),
    ).toEqual({ counted: 7, answered: 4, medianMs: 3 * DAY });
    expect(responseFigures([])).toEqual({ counted: 0, answered: 0, medianMs: null });
  });

  it('says it only from 10 applications, rounding the time up', () => {
    expect(responseFiguresText({ counted: 9, answered: 9, medianMs: DAY })).toBeNull();
    expect(responseFiguresText({ counted: 20, answered: 17, medianMs: 1.2 * DAY })).toBe('Responds to 85% of applicants, usually within 2 days');
    expect(responseFiguresText({ counted: 10, answered: 0, medianMs: null })).toBe('Responds to 0% of applicants');
    expect([30 * 60_000, 5.5 * 3_600_000, DAY, 3 * DAY].map(responseTimeLabel)).toEqual(['within an hour', 'within 6 hours', 'within a day', 'within 3 days']);
  });
});
