import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The placements list is newest first, filtered by status, priority, facility or client, and its
// summary tiles count the whole filtered result by status. Carrying status and priority in the
// indexes it walks lets both the page's ids and the tiles come from indexes alone.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const replace = async (name: string, definition: ReturnType<typeof sql>) => {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON placements ${definition}`.execute(db);
  };
  await replace("placements_agency_created_idx", sql`(agency_id, created_at, id) INCLUDE (status, priority)`);
  await replace("placements_agency_status_idx", sql`(agency_id, status, priority)`);
  await replace("placements_agency_priority_idx", sql`(agency_id, priority, status)`);
  await replace("placements_client_idx", sql`(client_id, created_at, id) INCLUDE (status, priority)`);
  await replace("placements_facility_idx", sql`(facility_id, created_at, id) INCLUDE (status, priority)`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const replace = async (name: string, definition: ReturnType<typeof sql>) => {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON placements ${definition}`.execute(db);
  };
  await replace("placements_agency_created_idx", sql`(agency_id, created_at, id)`);
  await replace("placements_agency_status_idx", sql`(agency_id, status, created_at DESC)`);
  await replace("placements_agency_priority_idx", sql`(agency_id, priority, created_at DESC)`);
  await replace("placements_client_idx", sql`(client_id, created_at DESC)`);
  await replace("placements_facility_idx", sql`(facility_id, created_at DESC)`);
}
