import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The facility directory, like the clients list, finds a page's ids first from the index of its
// sort order, filtering by type, availability and price inside the index (those columns ride
// along), then reads only the page's rows. Rating sorts unrated facilities below rated ones.

const CARRIED = sql`INCLUDE (type, available_beds, min_cost, max_cost)`;

const SORTS = [
  ["facilities_agency_updated_idx", sql`updated_at`],
  ["facilities_agency_name_idx", sql`name`],
  ["facilities_agency_min_cost_idx", sql`min_cost`],
  ["facilities_agency_rating_idx", sql`(coalesce(rating, -1))`],
  ["facilities_agency_beds_idx", sql`available_beds`],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, key] of SORTS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON facilities (agency_id, ${key}, id) ${CARRIED}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS facilities_agency_type_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS facilities_agency_cost_idx`.execute(db);
  await sql`CREATE INDEX facilities_agency_type_idx ON facilities (agency_id, type) ${CARRIED}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of SORTS) await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  await sql`DROP INDEX IF EXISTS facilities_agency_type_idx`.execute(db);
  await sql`CREATE INDEX facilities_agency_updated_idx ON facilities (agency_id, updated_at, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_name_idx ON facilities (agency_id, name, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_min_cost_idx ON facilities (agency_id, min_cost, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_rating_idx ON facilities (agency_id, rating, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_beds_idx ON facilities (agency_id, available_beds, id)`.execute(db);
  await sql`CREATE INDEX facilities_agency_type_idx ON facilities (agency_id, type, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX facilities_agency_cost_idx ON facilities (agency_id, min_cost, max_cost)`.execute(db);
}
