import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Running totals per agency, kept exact by statement-level triggers, so the dashboard and the
// unfiltered lists read a handful of rows instead of counting tens of thousands on every request.
// A trigger adds what a statement inserted and takes away what it deleted (an update is both), in
// the statement's own transaction: a rollback takes the change back, and concurrent writers
// serialize on the counter rows (in name order, so they cannot deadlock).
//
// Each counted table names, as trigger arguments, a query over a relation `%s` (the statement's
// old or new rows) that yields (agency_id, name, amount), and the prefix of its counter names.

const COUNTED: { table: string; query: string; prefix: string }[] = [
  {
    table: "clients",
    query: "SELECT agency_id, 'clients:' || tracker_status AS name, 1::bigint AS amount FROM %s",
    prefix: "clients:",
  },
  {
    table: "facilities",
    query:
      "SELECT agency_id, unnest(ARRAY['facilities:count', 'facilities:capacity', 'facilities:occupied']) AS name, " +
      "unnest(ARRAY[1, capacity, current_occupancy]::bigint[]) AS amount FROM %s",
    prefix: "facilities:",
  },
  {
    table: "placements",
    query: "SELECT agency_id, 'placements:' || status AS name, 1::bigint AS amount FROM %s",
    prefix: "placements:",
  },
  {
    table: "tasks",
    query:
      "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed']) AS name, " +
      "unnest(ARRAY[1, is_completed::int]::bigint[]) AS amount FROM %s",
    prefix: "tasks:",
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key to agencies: an agency's deletion cascades to its rows, whose triggers then
  // write here; with a key, that write would fail against the agency being deleted.
  await sql`
    CREATE TABLE agency_counts (
      agency_id uuid NOT NULL,
      name text NOT NULL,
      value bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (agency_id, name)
    )`.execute(db);

  await sql`
    CREATE FUNCTION maintain_agency_counts() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      parts text[] := '{}';
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM agency_counts WHERE starts_with(name, TG_ARGV[1]);
        RETURN NULL;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        parts := parts || format('SELECT agency_id, name, amount FROM (%s) n', format(TG_ARGV[0], 'new_rows'));
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        parts := parts || format('SELECT agency_id, name, -amount AS amount FROM (%s) o', format(TG_ARGV[0], 'old_rows'));
      END IF;
      EXECUTE format(
        'INSERT INTO agency_counts AS c (agency_id, name, value)
           SELECT agency_id, name, sum(amount) FROM (%s) d
           GROUP BY agency_id, name HAVING sum(amount) <> 0 ORDER BY agency_id, name
         ON CONFLICT (agency_id, name) DO UPDATE SET value = c.value + EXCLUDED.value',
        array_to_string(parts, ' UNION ALL '));
      RETURN NULL;
    END;
    $$`.execute(db);

  for (const { table, query, prefix } of COUNTED) {
    const args = sql`${sql.lit(query)}, ${sql.lit(prefix)}`;
    const t = sql.table(table);
    const name = (event: string) => sql.raw(`${table}_counts_${event}`);
    await sql`CREATE TRIGGER ${name("insert")} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
    await sql`CREATE TRIGGER ${name("update")} AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
    await sql`CREATE TRIGGER ${name("delete")} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
    await sql`CREATE TRIGGER ${name("truncate")} AFTER TRUNCATE ON ${t}
      FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);

    // Rows that exist already are counted once, here.
    await sql`INSERT INTO agency_counts (agency_id, name, value)
      SELECT agency_id, name, sum(amount) FROM (${sql.raw(query.replace("%s", table))}) d
      GROUP BY agency_id, name`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of COUNTED) {
    for (const event of ["insert", "update", "delete", "truncate"]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_counts_${event}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS maintain_agency_counts()`.execute(db);
  await sql`DROP TABLE IF EXISTS agency_counts`.execute(db);
}
