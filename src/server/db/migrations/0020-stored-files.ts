import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';

/** Uploaded files kept in the database (the `database` storage driver, decision 0140), in chunks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('namespace', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('chunk_bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('key', 'text', (col) => col.notNull().references('stored_files.key').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytesType, (col) => col.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['key', 'chunk_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
