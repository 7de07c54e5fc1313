import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { DatabaseHandle } from '../../db/connection';
import { codeHmac, findCode, generateCode, issueCode, MAX_CODE_ATTEMPTS, verifyCode } from './one-time-codes';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('generateCode', () => {
  it('makes six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });
});

describe('codeHmac', () => {
  it('depends on the secret, the purpose, the email and the code', () => {
    const base = codeHmac(SECRET, 'sign-in', 'a@example.com', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(codeHmac(SECRET + 'x', 'sign-in', 'a@example.com', '123456')).not.toBe(base);
    expect(codeHmac(SECRET, 'other', 'a@example.com', '123456')).not.toBe(base);
    expect(codeHmac(SECRET, 'sign-in', 'b@example.com', '123456')).not.toBe(base);
    expect(codeHmac(SECRET, 'sign-in', 'a@example.com', '123457')).not.toBe(base);
  });
});

describe('issueCode', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('writes one code when two sends race, and a new one once the 60 s have passed', async () => {
    const email = 'race@example.com';
    const issue = (now: number) => issueCode(database.db, { secret: SECRET, email, purpose: 'sign-in', now, details: '{}', previous: undefined });
    const results = await Promise.all([issue(T0), issue(T0), issue(T0)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await issue(T0 + 59_999)).toBeNull();
    const later = await issue(T0 + 60_000);
    expect(later).not.toBeNull();
    const row = (await findCode(database.db, email, 'sign-in'))!;
    expect(row.code_hmac).toBe(codeHmac(SECRET, 'sign-in', email, later!.code));
    expect(row.attempts).toBe(0);
  });

  it('sends a new code at once after the last one was used (log out, then straight back in)', async () => {
    const email = 'again@example.com';
    const issue = (now: number) => issueCode(database.db, { secret: SECRET, email, purpose: 'sign-in', now, details: '{}', previous: undefined });
    const first = (await issue(T0))!;
    expect(await verifyCode(database.db, { secrets: [SECRET], email, purpose: 'sign-in', code: first.code, now: T0 + 5_000 })).toMatchObject({ result: 'valid' });
    const second = await issue(T0 + 10_000);
    expect(second).not.toBeNull();
    expect(await issue(T0 + 20_000)).toBeNull();
  });
});

describe('verifyCode', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('gives parallel guesses no more than the allowed number of comparisons', async () => {
    const email = 'parallel@example.com';
    const { code } = (await issueCode(database.db, { secret: SECRET, email, purpose: 'sign-in', now: T0, details: '{}', previous: undefined }))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(Array.from({ length: 20 }, () => verifyCode(database.db, { secrets: [SECRET], email, purpose: 'sign-in', code: wrong, now: T0 })));
    expect(results.filter((r) => r.result === 'invalid')).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(results.filter((r) => r.result === 'expired')).toHaveLength(20 - MAX_CODE_ATTEMPTS);
    expect((await findCode(database.db, email, 'sign-in'))!.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it('lets a code log in once even when it is sent twice at the same moment', async () => {
    const email = 'twice@example.com';
    const { code } = (await issueCode(database.db, { secret: SECRET, email, purpose: 'sign-in', now: T0, details: '{"country_code":"US"}', previous: undefined }))!;
    const results = await Promise.all([1, 2, 3].map(() => verifyCode(database.db, { secrets: [SECRET], email, purpose: 'sign-in', code, now: T0 })));
    expect(results.filter((r) => r.result === 'valid')).toEqual([{ result: 'valid', details: '{"country_code":"US"}' }]);
  });
});
