import { describe, expect, it } from 'vitest';
import { rankSuggestions, type CandidateJob, type HistorySignal } from './suggestions';

const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

function job(id: string, title: string, category = 'warehouse', distance: number | null = 5, ageDays = 1): CandidateJob {
  return { id, title, category, distance, postedAt: NOW - ageDays * DAY };
}

const candidates = [
  job('forklift', 'Forklift Operator', 'warehouse', 8),
  job('nurse', 'Registered Nurse', 'healthcare', 3),
  job('cashier', 'Cashier', 'retail', 1),
  job('picker', 'Warehouse Picker', 'warehouse', 12),
  job('driver', 'Delivery Driver', 'driving', 2),
];
const options = { now: NOW, excludeJobIds: new Set<string>(), limit: 10, placeLabel: 'Austin, TX' };

describe('rankSuggestions', () => {
  it('with no history lists jobs nearest first, each "Near" the person', () => {
    const ranked = rankSuggestions(candidates, [], options);
    expect(ranked.map((r) => r.job.id)).toEqual(['cashier', 'driver', 'nurse', 'forklift', 'picker']);
    expect(new Set(ranked.map((r) => r.reason))).toEqual(new Set(['Near Austin, TX']));
  });

  it('puts jobs like a search first and says so', () => {
    const history: HistorySignal[] = [{ kind: 'searched', text: 'nurse', category: null, at: NOW - DAY }];
    const ranked = rankSuggestions(candidates, history, options);
    expect(ranked[0]).toMatchObject({ job: { id: 'nurse' }, reason: 'Because you searched for nurse' });
    expect(ranked[1]!.reason).toBe('Near Austin, TX');
  });

  it('weighs an application over a save over a search, and names the strongest reason', () => {
    const history: HistorySignal[] = [
      { kind: 'searched', text: 'cashier', category: null, at: NOW },
      { kind: 'saved', text: 'Delivery Driver', category: 'driving', at: NOW },
      { kind: 'applied', text: 'Forklift Operator II', category: 'warehouse', at: NOW },
    ];
    const ranked = rankSuggestions(candidates, history, { ...options, excludeJobIds: new Set(['forklift']) });
    expect(ranked.map((r) => r.job.id).slice(0, 3)).toEqual(['driver', 'cashier', 'picker']);
    expect(ranked[0]!.reason).toBe('Because you saved Delivery Driver');
    expect(ranked[1]!.reason).toBe('Because you searched for cashier');
    // Same category as the job applied to, no shared words: a weak but real reason.
    expect(ranked[2]!.reason).toBe('Because you applied to Forklift Operator II');
  });

  it('never suggests a job the person applied to', () => {
    const history: HistorySignal[] = [{ kind: 'applied', text: 'Forklift Operator', category: 'warehouse', at: NOW }];
    const ranked = rankSuggestions(candidates, history, { ...options, excludeJobIds: new Set(['forklift']) });
    expect(ranked.map((r) => r.job.id)).not.toContain('forklift');
  });

  it('lets a recent signal outweigh an old one of the same kind', () => {
    const history: HistorySignal[] = [
      { kind: 'searched', text: 'nurse', category: null, at: NOW - 120 * DAY },
      { kind: 'searched', text: 'cashier', category: null, at: NOW },
    ];
    const ranked = rankSuggestions(candidates, history, options);
    expect(ranked.map((r) => r.job.id).slice(0, 2)).toEqual(['cashier', 'nurse']);
  });

  it('drops duplicates and respects the limit', () => {
    const ranked = rankSuggestions([...candidates, ...candidates], [], { ...options, limit: 3 });
    expect(ranked).toHaveLength(3);
    expect(new Set(ranked.map((r) => r.job.id)).size).toBe(3);
  });
});
