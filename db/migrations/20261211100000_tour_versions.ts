import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// No lost edits for tours (DESIGN §7): two people recording the outcome of the same tour from the
// same opened page must not silently overwrite each other, since the first Completed tour is what
// a referral fee rests on. As for clients, facilities, placements and tasks
// (20261203000100_record_versions): `version` counts the changes people make, the application
// names who made each one in `updated_by`, and a BEFORE UPDATE OF updated_by trigger adds one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tours
    ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0),
    ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`
    CREATE FUNCTION tours_count_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER tours_count_version BEFORE UPDATE OF updated_by ON tours
    FOR EACH ROW EXECUTE FUNCTION tours_count_version()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS tours_count_version ON tours`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tours_count_version()`.execute(db);
  await sql`ALTER TABLE tours DROP COLUMN IF EXISTS updated_by, DROP COLUMN IF EXISTS version`.execute(db);
}
