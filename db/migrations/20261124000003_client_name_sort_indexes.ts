import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Sorting clients by last name orders equal last names by first name (and by first name, equal
// first names by last name), then by id. The name sort indexes follow the same columns, so a page
// is still read from an index alone, in either direction, with the status and care-level filters
// checked inside it.

const SORTS = [
  ["clients_agency_first_name_idx", "first_name", "last_name"],
  ["clients_agency_last_name_idx", "last_name", "first_name"],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, first, second] of SORTS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON clients (agency_id, ${sql.ref(first)}, ${sql.ref(second)}, id)
      INCLUDE (tracker_status, care_level)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, first] of SORTS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON clients (agency_id, ${sql.ref(first)}, id)
      INCLUDE (tracker_status, care_level)`.execute(db);
  }
}
