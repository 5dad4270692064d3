import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// No lost edits for the family's disclosure (DESIGN §7): two people recording a client's
// disclosure from the same opened page must not silently replace each other's, since it is what
// makes a referral fee lawful to claim. As for tours (20261211100000_tour_versions): `version`
// counts the changes people make, the application names who made each one in `updated_by`, and a
// BEFORE UPDATE OF updated_by trigger adds one. A disclosure recorded before this migration is at
// version 1, changed last by whoever recorded it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE client_disclosures
    ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0),
    ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  // Named without looking changed: updated_at stays when it was recorded.
  await sql`ALTER TABLE client_disclosures DISABLE TRIGGER client_disclosures_set_updated_at`.execute(db);
  await sql`UPDATE client_disclosures SET updated_by = recorded_by`.execute(db);
  await sql`ALTER TABLE client_disclosures ENABLE TRIGGER client_disclosures_set_updated_at`.execute(db);
  await sql`
    CREATE FUNCTION client_disclosures_count_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER client_disclosures_count_version BEFORE UPDATE OF updated_by ON client_disclosures
    FOR EACH ROW EXECUTE FUNCTION client_disclosures_count_version()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS client_disclosures_count_version ON client_disclosures`.execute(db);
  await sql`DROP FUNCTION IF EXISTS client_disclosures_count_version()`.execute(db);
  await sql`ALTER TABLE client_disclosures DROP COLUMN IF EXISTS updated_by, DROP COLUMN IF EXISTS version`.execute(db);
}
