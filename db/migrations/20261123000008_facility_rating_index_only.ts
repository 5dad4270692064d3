import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The rating sort's index is on the expression coalesce(rating, -1), and Postgres answers from
// an index alone only when the columns the query names are in it: without `rating` itself, a deep
// page of that sort (page 500: 6,000 entries) read every row it skipped (8 ms instead of 1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS facilities_agency_rating_idx`.execute(db);
  await sql`
    CREATE INDEX facilities_agency_rating_idx ON facilities (agency_id, (coalesce(rating, -1)), id)
    INCLUDE (rating, type, available_beds, min_cost, max_cost)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS facilities_agency_rating_idx`.execute(db);
  await sql`
    CREATE INDEX facilities_agency_rating_idx ON facilities (agency_id, (coalesce(rating, -1)), id)
    INCLUDE (type, available_beds, min_cost, max_cost)`.execute(db);
}
