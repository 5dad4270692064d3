import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The header's bell counts, on every signed-in page, the person's move-ins this week and expiring
// documents (docs/screens.md, "Notifications"). Their indexes found the agency's rows of those
// days and then read each row to see whose it is: on the large data set 341 and 586 pages a
// count. The same indexes now hold what the count reads (the placement's id, agent and creator;
// the document's id, uploader and record), so it reads the index alone: 12 and 370.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX placements_move_in_idx`.execute(db);
  await sql`CREATE INDEX placements_move_in_idx ON placements (agency_id, move_in_date)
    INCLUDE (id, agent_id, created_by)
    WHERE move_in_date IS NOT NULL AND status IN ('In Progress', 'Confirmed')`.execute(db);
  await sql`DROP INDEX resources_expiration_idx`.execute(db);
  await sql`CREATE INDEX resources_expiration_idx ON resources (agency_id, expiration_date)
    INCLUDE (id, uploaded_by, related_type, related_id)
    WHERE expiration_date IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX placements_move_in_idx`.execute(db);
  await sql`CREATE INDEX placements_move_in_idx ON placements (agency_id, move_in_date)
    WHERE move_in_date IS NOT NULL AND status IN ('In Progress', 'Confirmed')`.execute(db);
  await sql`DROP INDEX resources_expiration_idx`.execute(db);
  await sql`CREATE INDEX resources_expiration_idx ON resources (agency_id, expiration_date)
    WHERE expiration_date IS NOT NULL`.execute(db);
}
