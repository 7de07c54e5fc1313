import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, EMPTY_DRAFT, type JobDraftData } from './fields';
import { checkForPublish, parseMoney, readDraft } from './posting';

const deps = { isKnownPlace: (text: string) => /^(Austin, TX|78701)$/.test(text) };
const valid: JobDraftData = {
  ...EMPTY_DRAFT,
  title: 'Forklift Operator',
  category: 'warehouse',
  description: 'Move pallets safely across a busy warehouse floor. Day shift.',
  location: 'Austin, TX',
  pay_min: '18.50',
  pay_max: '22',
};
const fieldsOf = (draft: JobDraftData) => {
  const result = checkForPublish(draft, deps);
  return result.ok ? [] : result.errors.map((error) => error.field);
};
const messagesOf = (draft: JobDraftData) => {
  const result = checkForPublish(draft, deps);
  return result.ok ? [] : result.errors.map((error) => error.message);
};

describe('readDraft', () => {
  it('keeps every field as typed, even invalid ones', () => {
    const draft = readDraft({ title: 'x', pay_min: 'lots', category: 'nonsense', q1_text: 'Can you lift 50 lb?', q1_kind: 'yes_no', q1_deal_breaker: 'on', q1_expected: 'yes', benefits: ['Dental insurance', 'Free pizza'] });
    expect(draft.title).toBe('x');
    expect(draft.pay_min).toBe('lots');
    expect(draft.category).toBe('nonsense');
    expect(draft.benefits).toEqual(['Dental insurance', 'Free pizza']);
    expect(draft.questions).toEqual([{ text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' }]);
  });

  it('never refuses: garbage becomes the empty draft', () => {
    expect(readDraft('nope')).toEqual(EMPTY_DRAFT);
    expect(readDraft({ title: { evil: 1 }, benefits: 'Weekly pay' }).title).toBe('');
    expect(readDraft({ benefits: 'Weekly pay' }).benefits).toEqual(['Weekly pay']);
  });

  it('reads JSON questions and caps the stored lengths', () => {
    const draft = readDraft({ description: 'a'.repeat(50_000), questions: [{ text: 'Licence?', kind: 'text' }] });
    expect(draft.description.length).toBe(DESCRIPTION_MAX + 2000);
    expect(draft.questions[0]).toEqual({ text: 'Licence?', kind: 'text', deal_breaker: false, expected: 'yes' });
  });
});

describe('checkForPublish', () => {
  it('accepts a complete job, one figure or a range', () => {
    const result = checkForPublish(valid, deps);
    expect(result.ok && result.job).toMatchObject({ title: 'Forklift Operator', payMin: 18.5, payMax: 22, placeType: 'onsite', expiresInDays: 30 });
    const single = checkForPublish({ ...valid, pay_max: '' }, deps);
    expect(single.ok && [single.job.payMin, single.job.payMax]).toEqual([18.5, 18.5]);
  });

  it('names each bad field in words', () => {
    const messages = messagesOf({ ...EMPTY_DRAFT, place_type: 'onsite' });
    expect(messages).toEqual([
      'Job title: enter the job title.',
      'Category: choose a category.',
      'Description: describe the job.',
      'Location: enter the city and state, or a ZIP code, of the workplace.',
      'Pay: enter the pay (one figure, or the lowest of a range).',
    ]);
  });

  it.each([
    [{ title: 'ab' }, 'title'],
    [{ title: 'a'.repeat(121) }, 'title'],
    [{ description: 'a'.repeat(DESCRIPTION_MAX + 1) }, 'description'],
    [{ location: 'Atlantis, ZZ' }, 'location'],
    [{ place_type: 'moon' }, 'place_type'],
    [{ employment_type: 'forever' }, 'employment_type'],
    [{ pay_min: '-3' }, 'pay_min'],
    [{ pay_max: '10' }, 'pay_max'],
    [{ pay_period: 'fortnight' }, 'pay_period'],
    [{ pay_currency: 'BTC' }, 'pay_currency'],
    [{ benefits: ['Free pizza'] }, 'benefits'],
    [{ apply_method: 'url', apply_url: 'javascript:alert(1)' }, 'apply_url'],
    [{ apply_method: 'url', apply_url: 'ftp://example.com/jobs' }, 'apply_url'],
    [{ apply_method: 'url', apply_url: '' }, 'apply_url'],
    [{ apply_method: 'email', apply_email: 'not-an-email' }, 'apply_email'],
    [{ expires_in_days: '61' }, 'expires_in_days'],
    [{ expires_in_days: '0' }, 'expires_in_days'],
    [{ expires_in_days: '2.5' }, 'expires_in_days'],
  ] as Array<[Partial<JobDraftData>, string]>)('refuses %j naming %s', (change, field) => {
    expect(fieldsOf({ ...valid, ...change })).toEqual([field]);
  });

  it('accepts 60 days, remote without a place, and hybrid only with one', () => {
    expect(fieldsOf({ ...valid, expires_in_days: '60' })).toEqual([]);
    const remote = checkForPublish({ ...valid, place_type: 'remote', location: 'nowhere' }, deps);
    expect(remote.ok && remote.job.location).toBe('');
    expect(fieldsOf({ ...valid, place_type: 'hybrid', location: '' })).toEqual(['location']);
  });

  it('checks how to apply: a link or an email address', () => {
    const url = checkForPublish({ ...valid, apply_method: 'url', apply_url: 'https://example.com/apply' }, deps);
    expect(url.ok && url.job.applyUrl).toBe('https://example.com/apply');
    const email = checkForPublish({ ...valid, apply_method: 'email', apply_email: 'Jobs@Example.com' }, deps);
    expect(email.ok && [email.job.applyEmail, email.job.applyUrl]).toEqual(['jobs@example.com', null]);
  });

  it('allows up to 5 screening questions; only a yes/no one is a deal-breaker', () => {
    const question = { text: 'Can you lift 50 lb?', kind: 'yes_no', deal_breaker: true, expected: 'yes' };
    const ok = checkForPublish({ ...valid, questions: [question, { ...question, text: 'Your forklift licence number?', kind: 'text', deal_breaker: false }] }, deps);
    expect(ok.ok && ok.job.questions).toEqual([
      { text: 'Can you lift 50 lb?', kind: 'yes_no', dealBreaker: true, expected: 'yes' },
      { text: 'Your forklift licence number?', kind: 'text', dealBreaker: false, expected: null },
    ]);
    expect(fieldsOf({ ...valid, questions: Array.from({ length: 6 }, () => question) })).toEqual(['questions']);
    expect(fieldsOf({ ...valid, questions: [{ ...question, kind: 'text' }] })).toEqual(['q1_deal_breaker']);
    expect(messagesOf({ ...valid, questions: [question, { ...question, text: 'ok' }] })).toEqual(['Screening question 2: write the question (at least 5 characters).']);
  });
});

describe('parseMoney', () => {
  it.each([
    ['18', 18],
    ['$18.50', 18.5],
    ['52,000', 52000],
    ['1e3', Number.NaN],
    ['18.555', Number.NaN],
    ['', Number.NaN],
  ])('%s -> %s', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });
});
