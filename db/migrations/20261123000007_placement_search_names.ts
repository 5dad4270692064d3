import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The placements list searches its client's and its facility's names. Looking those up in
// clients and facilities first, then their placements, read thousands of client rows for a short
// term ("mar") on every page view. Instead each placement carries both names, lower-cased, as
// `search_names` ("client name\nfacility name"; a search cannot contain the line break, so it
// never matches across the two), trigram-indexed like the other search columns. Triggers keep it
// right: a placement gets its names when written, and renaming a client or a facility renames
// them on its placements.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE placements ADD COLUMN search_names text NOT NULL DEFAULT ''`.execute(db);

  await sql`
    CREATE FUNCTION placements_set_search_names() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_names :=
        coalesce((SELECT lower(first_name || ' ' || last_name) FROM clients WHERE id = NEW.client_id), '')
        || E'\\n'
        || coalesce((SELECT lower(name) FROM facilities WHERE id = NEW.facility_id), '');
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER placements_search_names BEFORE INSERT OR UPDATE OF client_id, facility_id ON placements
    FOR EACH ROW EXECUTE FUNCTION placements_set_search_names()`.execute(db);

  await sql`
    CREATE FUNCTION clients_rename_placements() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE placements
        SET search_names = lower(NEW.first_name || ' ' || NEW.last_name) || E'\\n' || split_part(search_names, E'\\n', 2)
        WHERE client_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER clients_rename_placements AFTER UPDATE OF first_name, last_name ON clients
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION clients_rename_placements()`.execute(db);

  await sql`
    CREATE FUNCTION facilities_rename_placements() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE placements
        SET search_names = split_part(search_names, E'\\n', 1) || E'\\n' || lower(NEW.name)
        WHERE facility_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER facilities_rename_placements AFTER UPDATE OF name ON facilities
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION facilities_rename_placements()`.execute(db);

  await sql`
    UPDATE placements p
      SET search_names = lower(c.first_name || ' ' || c.last_name) || E'\\n' || lower(f.name)
      FROM clients c, facilities f
      WHERE c.id = p.client_id AND f.id = p.facility_id`.execute(db);
  await sql`CREATE INDEX placements_search_trgm_idx ON placements USING gin (search_names gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS facilities_rename_placements ON facilities`.execute(db);
  await sql`DROP FUNCTION IF EXISTS facilities_rename_placements()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS clients_rename_placements ON clients`.execute(db);
  await sql`DROP FUNCTION IF EXISTS clients_rename_placements()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS placements_search_names ON placements`.execute(db);
  await sql`DROP FUNCTION IF EXISTS placements_set_search_names()`.execute(db);
  await sql`ALTER TABLE placements DROP COLUMN IF EXISTS search_names`.execute(db);
}
