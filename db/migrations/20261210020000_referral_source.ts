import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Where a client came from (issue 36): one of a fixed vocabulary, or NULL when not recorded (every
// client stored before). The reports count clients and placements by it.
//
// Two indexes serve the reports (app/models/reports.server.ts), which read a range of days of one
// agency: clients by intake (created_at) with what the conversion and referral reports group by,
// and placements by start date with what the placements reports group by, so that both are read
// from the index alone on a large agency.

const SOURCES = [
  "Hospital",
  "Physician",
  "Social worker",
  "Family or friend",
  "Web search",
  "Advertising",
  "Past client",
  "Other",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const allowed = sql.join(SOURCES.map((s) => sql.lit(s)));
  await sql`ALTER TABLE clients ADD COLUMN referral_source text CHECK (referral_source IN (${allowed}))`.execute(db);
  await sql`CREATE INDEX clients_agency_intake_idx ON clients (agency_id, created_at)
    INCLUDE (tracker_status, referral_source, created_by)`.execute(db);
  await sql`CREATE INDEX placements_agency_start_idx ON placements (agency_id, start_date)
    INCLUDE (status, agent_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX placements_agency_start_idx`.execute(db);
  await sql`DROP INDEX clients_agency_intake_idx`.execute(db);
  await sql`ALTER TABLE clients DROP COLUMN referral_source`.execute(db);
}
