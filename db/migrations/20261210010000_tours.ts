import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Tours and the family's disclosure (issue 36): the two records that decide whether a placement
// earns the agency its referral fee (docs/data-model.md "Tours and the disclosure").
// - `tours`: a visit of a facility arranged for a client, when, who went (staff in `tour_staff`,
//   family as free text), and its outcome. The fee rests on the first Completed tour of that
//   facility for that client. Read per client (its page, its timeline) and per facility (its
//   page), each newest first: one index each, led by the agency.
// - `client_disclosures`: the written disclosure that the facility pays the agency, as the family
//   received it: one per client (recording it again replaces it), the document optional.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE tours (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      facility_id uuid NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
      scheduled_at timestamptz NOT NULL,
      family_attendees text,
      notes text,
      outcome text NOT NULL DEFAULT 'Scheduled'
        CHECK (outcome IN ('Scheduled', 'Completed', 'Cancelled', 'No-show')),
      outcome_notes text,
      outcome_at timestamptz,
      outcome_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tours_client_idx ON tours (agency_id, client_id, scheduled_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX tours_facility_idx ON tours (agency_id, facility_id, scheduled_at DESC, id DESC)`.execute(db);
  await sql`CREATE TRIGGER tours_set_updated_at BEFORE UPDATE ON tours
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`
    CREATE TABLE tour_staff (
      tour_id uuid NOT NULL REFERENCES tours(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      PRIMARY KEY (tour_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE client_disclosures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      disclosed_on date NOT NULL,
      method text NOT NULL CHECK (method IN ('In person', 'E-mail', 'Mail', 'Portal')),
      resource_id uuid REFERENCES resources(id) ON DELETE SET NULL,
      recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agency_id, client_id)
    )`.execute(db);
  await sql`CREATE TRIGGER client_disclosures_set_updated_at BEFORE UPDATE ON client_disclosures
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE client_disclosures`.execute(db);
  await sql`DROP TABLE tour_staff`.execute(db);
  await sql`DROP TABLE tours`.execute(db);
}
