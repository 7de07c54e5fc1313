import { createHash } from 'node:crypto';
import { secureRandomBytes } from '../../lib/random-bytes';
import { compiledOnce, firstRow } from '../../db/compiled-once';
import type { Db } from '../../db/database';

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

const insertSession = compiledOnce((db, p: { idHash: string; accountId: string; now: number; expiresAt: number; side: SessionSide }) =>
  db.insertInto('sessions').values({ id_hash: p.idHash, account_id: p.accountId, created_at: p.now, expires_at: p.expiresAt, side: p.side }),
);

/** Makes a session and answers its cookie value (32 random bytes); only its hash is stored. */
export async function createSession(db: Db, accountId: string, now: number, ttlMs: number, side: SessionSide = 'seeker'): Promise<{ id: string; expiresAt: number }> {
  const id = secureRandomBytes(32).toString('base64url');
  const expiresAt = now + ttlMs;
  await insertSession(db, { idHash: hashSessionId(id), accountId, now, expiresAt, side });
  return { id, expiresAt };
}

/** The side of the site a session was started on (decision 0100): it picks the shell and where log-in goes. */
export type SessionSide = 'seeker' | 'employer';

export interface SessionUser {
  id: string;
  email: string;
  /** The account's role: 'job_seeker', or 'admin' (granted by `npm run admin:grant`). */
  role: string;
  side: SessionSide;
}

const selectSessionUser = compiledOnce((db, p: { idHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select(['accounts.id as id', 'accounts.email as email', 'accounts.role as role', 'sessions.side as side'])
    .where('sessions.id_hash', '=', p.idHash)
    .where('sessions.expires_at', '>', p.now),
);

export async function findSessionUser(db: Db, id: string, now: number): Promise<SessionUser | null> {
  const row = firstRow(await selectSessionUser(db, { idHash: hashSessionId(id), now }));
  return row ? { id: row.id, email: row.email, role: row.role, side: row.side === 'employer' ? 'employer' : 'seeker' } : null;
}

/** Moves a signed-in person to the other side of the site without a new code: same person, same session. */
export async function setSessionSide(db: Db, id: string, side: SessionSide): Promise<void> {
  await db.updateTable('sessions').set({ side }).where('id_hash', '=', hashSessionId(id)).execute();
}

const deleteSessionByHash = compiledOnce((db, p: { idHash: string }) => db.deleteFrom('sessions').where('id_hash', '=', p.idHash));

export async function deleteSession(db: Db, id: string): Promise<void> {
  await deleteSessionByHash(db, { idHash: hashSessionId(id) });
}

const deleteExpired = compiledOnce((db, p: { accountId: string; now: number }) =>
  db.deleteFrom('sessions').where('account_id', '=', p.accountId).where('expires_at', '<=', p.now),
);

/** Tidies one person's sessions that ran out (done at each log-in, so the table does not grow without end). */
export async function deleteExpiredSessions(db: Db, accountId: string, now: number): Promise<void> {
  await deleteExpired(db, { accountId, now });
}
