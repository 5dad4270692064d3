import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A client has at most one open placement (In Progress or Confirmed) at a facility
// (docs/data-model.md, "How a client's status follows the work"). The models refuse a second one
// with a message on the form's Facility; this partial unique index makes the database refuse it
// too, so two people saving at the same moment cannot both add one.
//
// Duplicates stored before are settled first: of each client's open placements at one facility,
// the newest stays open and the older ones are cancelled, each with a timeline entry saying why.
// No one is named (`updated_by` stays as it was): the change is the database's, not a person's.

const REASON = "Cancelled as a duplicate: a newer open placement of this client at this facility stays open";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    WITH ranked AS (
      SELECT id, agency_id, status,
             row_number() OVER (PARTITION BY client_id, facility_id ORDER BY created_at DESC, id DESC) AS n
        FROM placements
       WHERE status IN ('In Progress', 'Confirmed')
    ),
    cancelled AS (
      UPDATE placements p SET status = 'Cancelled', end_date = coalesce(p.end_date, greatest(p.start_date, p.move_in_date, current_date))
        FROM ranked r
       WHERE p.id = r.id AND r.n > 1
      RETURNING p.id, p.agency_id, r.status AS was
    )
    INSERT INTO placement_events (agency_id, placement_id, event, description, actor_id, occurred_at)
    SELECT agency_id, id, 'Status changed', was || ' → Cancelled. ' || ${REASON}, NULL, now() FROM cancelled
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX placements_one_open_per_client_facility
      ON placements (client_id, facility_id) WHERE status IN ('In Progress', 'Confirmed')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS placements_one_open_per_client_facility`.execute(db);
}
