import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Bulk writes paid for their running totals row by row: `tasks_copy_to_search` (tasks →
// task_search) and the completed-trigram totals (task_search → completed_task_trigrams,
// completed_board_trigrams) were FOR EACH ROW triggers, so loading 10,000 completed tasks ran
// 10,000 copies and some 600,000 one-row upserts of the totals: the large seed spent minutes on
// each batch of tasks. Here they become FOR EACH STATEMENT triggers over the statement's
// transition tables: one INSERT … SELECT copies a statement's tasks, and one grouped upsert
// applies its change to the totals (a task's trigrams taken away as they were before the
// statement, added as they are after it; what did not change cancels out). A one-row write does
// the same work as before; a bulk write does it once.

type Side = "old_rows" | "new_rows";

interface Column {
  name: string;
  type: string;
  /** Its value for a row of task_search (or of a transition table of it) called `row`. */
  of: (row: string) => string;
}

interface Totals {
  table: string;
  text: "search_text" | "board_text";
  keys: Column[];
  sums: Column[];
}

const PRIORITY: Column = { name: "priority_rank", type: "smallint", of: (row) => `${row}.priority_rank` };
const TASKS: Column = { name: "tasks", type: "integer", of: () => "1" };

const TOTALS: Totals[] = [
  { table: "completed_task_trigrams", text: "search_text", keys: [PRIORITY], sums: [TASKS] },
  {
    table: "completed_board_trigrams",
    text: "board_text",
    keys: [
      { name: "stage", type: "text", of: (row) => `${row}.stage` },
      PRIORITY,
      {
        name: "band",
        type: "text",
        of: (row) =>
          `CASE WHEN ${row}.progress < 25 THEN 'low' WHEN ${row}.progress < 75 THEN 'medium' ELSE 'high' END`,
      },
    ],
    sums: [TASKS, { name: "progress", type: "integer", of: (row) => `${row}.progress` }],
  },
];

const COPIED = [
  "agency_id",
  "search_text",
  "stage",
  "is_completed",
  "due_date",
  "priority_rank",
  "progress",
  "assigned_to",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function totalsPerStatement(db: Kysely<any>, t: Totals): Promise<void> {
  const keys = ["agency_id", "trigram", ...t.keys.map((c) => c.name)].join(", ");
  const sums = t.sums.map((c) => c.name);
  // The completed tasks of one side of the statement, as changes to the totals.
  const changes = (side: Side, sign: 1 | -1) => `
    SELECT r.agency_id AS agency_id, trigram, ${t.keys.map((c) => `${c.of("r")} AS ${c.name}`).join(", ")},
           ${t.sums.map((c) => `${sign} * ${c.of("r")} AS ${c.name}`).join(", ")}
      FROM ${side} AS r, unnest(show_trgm(r.${t.text})) AS trigram
      WHERE r.is_completed AND trigram ~ '^[a-z0-9]{3}$'`;
  const apply = (sides: string) => `
      INSERT INTO ${t.table} AS c (${keys}, ${sums.join(", ")})
        SELECT ${keys}, ${sums.map((s) => `sum(${s})`).join(", ")}
          FROM (${sides}) AS changes
          GROUP BY ${keys} HAVING ${sums.map((s) => `sum(${s}) <> 0`).join(" OR ")}
          ORDER BY ${keys}
        ON CONFLICT (${keys})
          DO UPDATE SET ${sums.map((s) => `${s} = c.${s} + EXCLUDED.${s}`).join(", ")};`;
  const fn = `count_${t.table}`;
  for (const event of ["insert", "update", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${t.table}_${event}`)} ON task_search`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS ${sql.raw(`${fn}()`)}`.execute(db);
  // Rows are locked in key order (ORDER BY), so two writers cannot deadlock on them.
  await sql`
    CREATE FUNCTION ${sql.raw(fn)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM ${sql.table(t.table)};
      ELSIF TG_OP = 'INSERT' THEN
        ${sql.raw(apply(changes("new_rows", 1)))}
      ELSIF TG_OP = 'DELETE' THEN
        ${sql.raw(apply(changes("old_rows", -1)))}
      ELSE
        ${sql.raw(apply(`${changes("old_rows", -1)} UNION ALL ${changes("new_rows", 1)}`))}
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const run = sql.raw(`FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  const trigger = (event: string) => sql.raw(`${t.table}_${event}`);
  await sql`CREATE TRIGGER ${trigger("insert")} AFTER INSERT ON task_search REFERENCING NEW TABLE AS new_rows ${run}`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${trigger("update")} AFTER UPDATE ON task_search
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows ${run}`.execute(db);
  await sql`CREATE TRIGGER ${trigger("delete")} AFTER DELETE ON task_search REFERENCING OLD TABLE AS old_rows ${run}`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${trigger("truncate")} AFTER TRUNCATE ON task_search ${run}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function copyPerStatement(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS tasks_copy_to_search ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_copy_to_search()`.execute(db);
  const columns = COPIED.join(", ");
  const differs = `(${COPIED.map((c) => `s.${c}`).join(", ")}) IS DISTINCT FROM (${COPIED.map((c) => `EXCLUDED.${c}`).join(", ")})`;
  // A task whose copied columns did not change leaves its copy (and the totals) alone.
  await sql`
    CREATE FUNCTION tasks_copy_to_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO task_search AS s (task_id, ${sql.raw(columns)})
        SELECT id, ${sql.raw(columns)} FROM new_rows ORDER BY id
        ON CONFLICT (task_id) DO UPDATE SET ${sql.raw(COPIED.map((c) => `${c} = EXCLUDED.${c}`).join(", "))}
          WHERE ${sql.raw(differs)};
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER tasks_copy_to_search_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tasks_copy_to_search()`.execute(db);
  await sql`CREATE TRIGGER tasks_copy_to_search_update AFTER UPDATE ON tasks REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tasks_copy_to_search()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await copyPerStatement(db);
  for (const totals of TOTALS) await totalsPerStatement(db, totals);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The totals' triggers keep their names and functions, and per statement they give the same
  // totals as per row: the migrations before this one take them down as they are. The copy goes
  // back to one row-level trigger, as the migration that made it drops it.
  const columns = COPIED.join(", ");
  await sql`DROP TRIGGER IF EXISTS tasks_copy_to_search_insert ON tasks`.execute(db);
  await sql`DROP TRIGGER IF EXISTS tasks_copy_to_search_update ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_copy_to_search()`.execute(db);
  await sql`
    CREATE FUNCTION tasks_copy_to_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO task_search AS s (task_id, ${sql.raw(columns)})
        VALUES (NEW.id, ${sql.raw(COPIED.map((c) => `NEW.${c}`).join(", "))})
        ON CONFLICT (task_id) DO UPDATE SET ${sql.raw(COPIED.map((c) => `${c} = EXCLUDED.${c}`).join(", "))};
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER tasks_copy_to_search AFTER INSERT OR UPDATE ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_copy_to_search()`.execute(db);
}
