import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { affectedRows, compiledOnce, firstRow } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { OneTimeCodeRow } from './one-time-codes.table';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_COOLDOWN_MS = 60 * 1000;
/** Checks allowed per code; after the last one the code is dead until a new one is sent. */
export const MAX_CODE_ATTEMPTS = 5;
export const SIGN_IN_PURPOSE = 'sign-in';

/** Six digits from the cryptographic source, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeHmac(secret: string, purpose: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${email}\u0000${code}`).digest('hex');
}

const selectCode = compiledOnce((db, p: { email: string; purpose: string }) =>
  db.selectFrom('one_time_codes').selectAll().where('email_normalized', '=', p.email).where('purpose', '=', p.purpose),
);

export async function findCode(db: Db, email: string, purpose: string): Promise<OneTimeCodeRow | undefined> {
  return firstRow(await selectCode(db, { email, purpose }));
}

export interface IssuedCode {
  code: string;
  /** The row as it was before, so a failed send can put it back. */
  previous: OneTimeCodeRow | undefined;
}

const writeCode = compiledOnce(
  (db, p: { id: string; email: string; purpose: string; codeHmac: string; expiresAt: number; now: number; details: string; resendFrom: number }) => {
    const values = { code_hmac: p.codeHmac, attempts: 0, expires_at: p.expiresAt, used_at: null, last_sent_at: p.now, created_at: p.now, details: p.details };
    return db
      .insertInto('one_time_codes')
      .values({ id: p.id, email_normalized: p.email, purpose: p.purpose, ...values })
      .onConflict((conflict) =>
        conflict
          .columns(['email_normalized', 'purpose'])
          .doUpdateSet(values)
          // A used code is not waiting for a resend: logging out and straight back in gets a new code.
          .where((eb) => eb.or([eb('one_time_codes.last_sent_at', '<=', p.resendFrom), eb('one_time_codes.used_at', 'is not', null)])),
      );
  },
);

/**
 * Writes a new code for (email, purpose), replacing any earlier one, unless an unused code was sent
 * less than RESEND_COOLDOWN_MS ago: then nothing is written and the answer is null. The check is part of
 * the upsert, so two requests at the same moment cannot both send a code.
 */
export async function issueCode(
  db: Db,
  options: { secret: string; email: string; purpose: string; now: number; details: string; previous: OneTimeCodeRow | undefined },
): Promise<IssuedCode | null> {
  const code = generateCode();
  const written = await writeCode(db, {
    id: newRowId(),
    email: options.email,
    purpose: options.purpose,
    codeHmac: codeHmac(options.secret, options.purpose, options.email, code),
    expiresAt: options.now + CODE_TTL_MS,
    now: options.now,
    details: options.details,
    resendFrom: options.now - RESEND_COOLDOWN_MS,
  });
  if (affectedRows(written) === 0) return null;
  return { code, previous: options.previous };
}

/** Undoes issueCode after a failed send: the earlier code (if any) comes back exactly as it was. */
export async function withdrawCode(db: Db, email: string, purpose: string, previous: OneTimeCodeRow | undefined): Promise<void> {
  if (!previous) {
    await db.deleteFrom('one_time_codes').where('email_normalized', '=', email).where('purpose', '=', purpose).execute();
    return;
  }
  await db
    .updateTable('one_time_codes')
    .set({
      code_hmac: previous.code_hmac,
      attempts: previous.attempts,
      expires_at: previous.expires_at,
      used_at: previous.used_at,
      last_sent_at: previous.last_sent_at,
      created_at: previous.created_at,
      details: previous.details,
    })
    .where('email_normalized', '=', email)
    .where('purpose', '=', purpose)
    .execute();
}

type TryConditions = { id: string; codeHmac: string; now: number; maxAttempts: number };

/** A try may be answered only while the row is still this code, unused, unexpired and within its tries. */
function answerableTry(db: Db, p: TryConditions) {
  return db
    .updateTable('one_time_codes')
    .where('id', '=', p.id)
    .where('code_hmac', '=', p.codeHmac)
    .where('used_at', 'is', null)
    .where('expires_at', '>', p.now)
    .where('attempts', '<', p.maxAttempts);
}
const countWrongTry = compiledOnce((db, p: TryConditions) => answerableTry(db, p).set((eb) => ({ attempts: eb('attempts', '+', 1) })));
/** A right code kept for the next step (the confirmation of a new account) spends no try. */
const checkRightTry = compiledOnce((db, p: TryConditions) => answerableTry(db, p).set((eb) => ({ attempts: eb.ref('attempts') })));
const spendRightTry = compiledOnce((db, p: TryConditions) => answerableTry(db, p).set((eb) => ({ attempts: eb('attempts', '+', 1), used_at: p.now })));

export type CodeCheck = { result: 'valid'; details: string } | { result: 'invalid' } | { result: 'expired' } | { result: 'none' };

/**
 * Checks a code. Every answer comes from one conditional update that counts the attempt (and marks a
 * match used), so parallel guesses cannot get more than MAX_CODE_ATTEMPTS answers out of one code and
 * a code logs in at most once.
 */
export async function verifyCode(
  db: Db,
  options: {
    /** Every key accepted now, newest first (a rotated secret's previous value during its grace time, decision 0276). */
    secrets: readonly string[];
    email: string;
    purpose: string;
    code: string;
    now: number;
    /**
     * Answer whether the code is right but leave it unused, its try given back: the code has proved the
     * mailbox, and the same code finishes the step that follows (the confirmation of a new account).
     */
    keepUnused?: boolean;
  },
): Promise<CodeCheck> {
  const { email, purpose, now } = options;
  const row = await findCode(db, email, purpose);
  if (!row) return { result: 'none' };
  const expected = Buffer.from(row.code_hmac, 'hex');
  const right = options.secrets.some((secret) => {
    const given = Buffer.from(codeHmac(secret, purpose, email, options.code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  // One conditional update counts the try (a right code kept unused for the next step spends none) and,
  // for a right code, marks it used: the row must still be this code, unused, unexpired and within its
  // tries, so parallel requests cannot get more comparisons than MAX_CODE_ATTEMPTS nor log in twice.
  const conditions = { id: row.id, codeHmac: row.code_hmac, now, maxAttempts: MAX_CODE_ATTEMPTS };
  const counted = !right ? await countWrongTry(db, conditions) : options.keepUnused ? await checkRightTry(db, conditions) : await spendRightTry(db, conditions);
  if (affectedRows(counted) === 0) return { result: 'expired' };
  if (!right) return { result: 'invalid' };
  return { result: 'valid', details: row.details };
}
