import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The sweep of stored files (hourly, and at start) asks which of 500 storage keys at a time a
// document version still names; without an index each batch read every version row.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX resource_versions_file_name_idx ON resource_versions (file_name)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS resource_versions_file_name_idx`.execute(db);
}
