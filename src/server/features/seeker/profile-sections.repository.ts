// The profile sections' rows (decision 0236): plain functions over the db or a transaction.
import type { Db } from '../../db/database';
import { newRowId } from '../../db/row-id';
import type { ProfileSectionKind } from '../../../shared/seeker/profile-sections';
import type { SeekerProfileEntryRow } from './profile-sections.table';

/** The person's entries, every kind, oldest first within a kind (the order they were added). */
export async function listProfileEntries(db: Db, accountId: string): Promise<SeekerProfileEntryRow[]> {
  return db.selectFrom('seeker_profile_entries').selectAll().where('account_id', '=', accountId).orderBy('kind').orderBy('created_at').orderBy('id').execute();
}

export async function findProfileEntry(db: Db, accountId: string, kind: ProfileSectionKind, id: string): Promise<SeekerProfileEntryRow | undefined> {
  return db.selectFrom('seeker_profile_entries').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('kind', '=', kind).executeTakeFirst();
}

export async function countProfileEntries(db: Db, accountId: string, kind: ProfileSectionKind): Promise<number> {
  const row = await db.selectFrom('seeker_profile_entries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).where('kind', '=', kind).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProfileEntry(db: Db, accountId: string, kind: ProfileSectionKind, fields: unknown, now: number): Promise<string> {
  const id = newRowId();
  await db.insertInto('seeker_profile_entries').values({ id, account_id: accountId, kind, fields: JSON.stringify(fields), created_at: now, updated_at: now }).execute();
  return id;
}

/** Answers whether the entry was the person's (another person's id changes nothing). */
export async function updateProfileEntry(db: Db, accountId: string, kind: ProfileSectionKind, id: string, fields: unknown, now: number): Promise<boolean> {
  const result = await db
    .updateTable('seeker_profile_entries')
    .set({ fields: JSON.stringify(fields), updated_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProfileEntry(db: Db, accountId: string, kind: ProfileSectionKind, id: string): Promise<boolean> {
  const result = await db.deleteFrom('seeker_profile_entries').where('id', '=', id).where('account_id', '=', accountId).where('kind', '=', kind).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteProfileEntries(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('seeker_profile_entries').where('account_id', '=', accountId).execute();
}
