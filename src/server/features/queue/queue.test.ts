import { describe, expect, it } from 'vitest';
import { isQueueName, jobIdFor, messageIdFor, retryDelayAfter } from './queue';

describe('the queue rules', () => {
  it('waits the base after the first failed try, then twice the wait before each time (decision 0271)', () => {
    expect([1, 2, 3, 4, 8].map((failed) => retryDelayAfter(failed, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000, 3_840_000]);
    expect(retryDelayAfter(0, 1000)).toBe(1000);
  });

  it('makes one job id per queue and key, shaped as a UUID (decision 0272)', () => {
    const id = jobIdFor('applicant-mail', 'new-application:a1:u1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor('applicant-mail', 'new-application:a1:u1')).toBe(id);
    expect(jobIdFor('applicant-mail', 'new-application:a1:u2')).not.toBe(id);
    expect(jobIdFor('other-mail', 'new-application:a1:u1')).not.toBe(id);
  });

  it('gives every try of a job the same Message-ID, on the public host', () => {
    const first = messageIdFor('applicant-mail', 'digest:acme:1:u1', 'https://jobs.example:8443');
    expect(first).toMatch(/^<[0-9a-f]{32}@jobs\.example>$/);
    expect(messageIdFor('applicant-mail', 'digest:acme:1:u1', 'https://jobs.example')).toBe(first);
    expect(messageIdFor('applicant-mail', 'digest:acme:2:u1', 'https://jobs.example')).not.toBe(first);
  });

  it('names queues in lowercase words joined by dashes', () => {
    expect(isQueueName('applicant-mail')).toBe(true);
    expect(isQueueName('Applicant mail')).toBe(false);
  });
});
