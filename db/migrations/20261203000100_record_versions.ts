import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// No lost edits (DESIGN §7): every edit of a client, facility, placement, task or document carries
// the version it was read at, and a save over a newer one is refused.
// - `version` (a document's `revision`: its `version` is already the number of its file) counts
//   the changes people make. The application names who made each one in `updated_by`, and a
//   BEFORE UPDATE OF updated_by trigger adds one to the count. The database's own upkeep (search
//   texts, progress, running totals, download counts, names copied from a renamed client) never
//   sets updated_by, so it never makes a record look changed to someone editing it; a count of
//   every UPDATE would refuse a save because someone downloaded the document meanwhile.
// - `updated_by` also lets a refused save say who changed the record.
// - `tasks.placement_id`: the placement a task is about (one of its client's). Deleting the
//   placement keeps the task, without it.

const TABLES = [
  ["clients", "version"],
  ["facilities", "version"],
  ["placements", "version"],
  ["tasks", "version"],
  ["resources", "revision"],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of TABLES) {
    const name = sql.raw(column);
    await sql`ALTER TABLE ${sql.table(table)}
      ADD COLUMN ${name} integer NOT NULL DEFAULT 1 CHECK (${name} > 0),
      ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
    await sql`
      CREATE FUNCTION ${sql.raw(`${table}_count_${column}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.${name} := OLD.${name} + 1;
        RETURN NEW;
      END;
      $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_count_${column}`)} BEFORE UPDATE OF updated_by ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`${table}_count_${column}`)}()`.execute(db);
  }

  await sql`ALTER TABLE tasks ADD COLUMN placement_id uuid REFERENCES placements(id) ON DELETE SET NULL`.execute(db);
  // For the foreign key's check when a placement is deleted; most tasks have none.
  await sql`CREATE INDEX tasks_placement_idx ON tasks (placement_id) WHERE placement_id IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS tasks_placement_idx`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN IF EXISTS placement_id`.execute(db);
  for (const [table, column] of TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_count_${column}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${table}_count_${column}`)}()`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS updated_by, DROP COLUMN IF EXISTS ${sql.raw(column)}`.execute(
      db,
    );
  }
}
