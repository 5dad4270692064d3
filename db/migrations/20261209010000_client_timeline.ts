import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// One history per client (the client timeline, docs/screens.md "Clients"):
// - `client_notes` get a `kind` (note, call, email, meeting: what was logged from the client's
//   page) and `occurred_at`, when it happened (a call logged afterwards says when it was; the
//   notes stored before take their `created_at`). Indexed per client in time order, the
//   timeline's and the notes list's order.
// - `client_status_changes`: every change of a client's `tracker_status` from now on, written by
//   a statement-level trigger on `clients`, so that every path that changes a status is recorded
//   (the forms, the API, the board, rules in application code, a bulk UPDATE). Who: the
//   statement's `updated_by` when it set one (a person's change: the version moved), else
//   nobody (an automatic change). Changes made before this migration were not recorded anywhere
//   (the audit trail names changed fields, never their values), so the history starts here.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE client_notes
    ADD COLUMN kind text NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'call', 'email', 'meeting')),
    ADD COLUMN occurred_at timestamptz`.execute(db);
  // The notes stored before happened when they were written; their updated_at stays as it was.
  await sql`ALTER TABLE client_notes DISABLE TRIGGER client_notes_set_updated_at`.execute(db);
  await sql`UPDATE client_notes SET occurred_at = created_at`.execute(db);
  await sql`ALTER TABLE client_notes ENABLE TRIGGER client_notes_set_updated_at`.execute(db);
  await sql`ALTER TABLE client_notes ALTER COLUMN occurred_at SET DEFAULT now(), ALTER COLUMN occurred_at SET NOT NULL`.execute(
    db,
  );
  await sql`DROP INDEX client_notes_client_idx`.execute(db);
  await sql`CREATE INDEX client_notes_client_idx ON client_notes (agency_id, client_id, occurred_at DESC, id DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE client_status_changes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      from_status text NOT NULL,
      to_status text NOT NULL,
      changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX client_status_changes_client_idx
    ON client_status_changes (agency_id, client_id, created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE FUNCTION clients_record_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO client_status_changes (agency_id, client_id, from_status, to_status, changed_by)
      SELECT n.agency_id, n.id, o.tracker_status, n.tracker_status,
        CASE WHEN n.version <> o.version THEN n.updated_by END
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.tracker_status IS DISTINCT FROM o.tracker_status;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER clients_status_history AFTER UPDATE ON clients
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION clients_record_status_change()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER clients_status_history ON clients`.execute(db);
  await sql`DROP FUNCTION clients_record_status_change()`.execute(db);
  await sql`DROP TABLE client_status_changes`.execute(db);
  await sql`DROP INDEX client_notes_client_idx`.execute(db);
  await sql`CREATE INDEX client_notes_client_idx ON client_notes (client_id, created_at DESC)`.execute(db);
  await sql`ALTER TABLE client_notes DROP COLUMN occurred_at, DROP COLUMN kind`.execute(db);
}
