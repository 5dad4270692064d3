import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Lists order by (column, id) in ONE direction, both descending or both ascending, so that a page
// and the next never disagree. An index on (agency_id, column DESC, id) serves neither order as
// is (the planner adds a sort over every matching row); (agency_id, column, id) serves both, read
// forwards or backwards.

const INDEXES = [
  ["clients_agency_updated_idx", "clients", "updated_at"],
  ["clients_agency_created_idx", "clients", "created_at"],
  ["facilities_agency_updated_idx", "facilities", "updated_at"],
  ["placements_agency_created_idx", "placements", "created_at"],
  ["tasks_agency_created_idx", "tasks", "created_at"],
  ["resources_agency_created_idx", "resources", "created_at"],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} (agency_id, ${sql.ref(column)}, id)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} (agency_id, ${sql.ref(column)} DESC, id)`.execute(
      db,
    );
  }
}
