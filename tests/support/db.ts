// Integration tests: one real, migrated Postgres database (TEST_DATABASE_URL, provided by
// `npm test`), shared by every integration test file one after the other and emptied between
// tests with resetDb().
import os from "node:os";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types";
import { type DatabaseHandle, openDatabase } from "../../app/utils/db.server";

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "TEST_DATABASE_URL is not set. Run the integration tests with `npm test -- --only integration`, " +
        "which starts a throwaway Postgres and sets it (or point it at a migrated database you can empty).",
    );
  }
  return url;
}

let handle: DatabaseHandle | undefined;

/** A Kysely on TEST_DATABASE_URL, one per test file; closed after the file by the setup file. */
export function testDb(): Kysely<Database> {
  handle ??= openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: os.tmpdir(), max: 4 });
  return handle.db;
}

export async function closeTestDb(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}

let tables: Promise<string[]> | undefined;

/** Every table of the public schema but Kysely's own migration bookkeeping. */
function listTables(db: Kysely<Database>): Promise<string[]> {
  tables ??= sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT LIKE 'kysely\\_migration%'
      ORDER BY table_name`
    .execute(db)
    .then((result) => result.rows.map((row) => row.table_name));
  return tables;
}

/** Empties every application table in one statement (identities restarted, FKs cascaded). */
export async function resetDb(db: Kysely<Database> = testDb()): Promise<void> {
  const names = await listTables(db);
  if (names.length === 0) {
    throw new Error("resetDb: the test database has no tables; was it migrated?");
  }
  await sql`TRUNCATE ${sql.join(names.map((name) => sql.table(name)))} RESTART IDENTITY CASCADE`.execute(db);
}
