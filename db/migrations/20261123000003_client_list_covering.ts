import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The clients list finds a page's ids first, in the order asked, from one of four sort indexes,
// while the status and care-level filters narrow it. Carrying those two columns in the sort
// indexes lets Postgres filter inside the index (an index-only scan) instead of reading every
// row it passes over; and counting by care level (and status) reads one small index.

const SORTS = [
  ["clients_agency_updated_idx", "updated_at"],
  ["clients_agency_created_idx", "created_at"],
  ["clients_agency_first_name_idx", "first_name"],
  ["clients_agency_last_name_idx", "last_name"],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORTS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON clients (agency_id, ${sql.ref(column)}, id)
      INCLUDE (tracker_status, care_level)`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS clients_agency_care_idx`.execute(db);
  await sql`CREATE INDEX clients_agency_care_idx ON clients (agency_id, care_level, tracker_status)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, column] of SORTS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON clients (agency_id, ${sql.ref(column)}, id)`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS clients_agency_care_idx`.execute(db);
  await sql`CREATE INDEX clients_agency_care_idx ON clients (agency_id, care_level, updated_at DESC)`.execute(db);
}
