import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A three-letter search ("mar": a quarter of a large agency's 100,000 tasks, most of them
// completed) visited every match, one heap row each, even from the narrow `task_search`: 16 ms of
// Postgres for the tasks list's statistics, 22 ms for the board's lanes. A completed task seldom
// changes, so its part of those figures is kept as running totals, per agency and word trigram
// (three letters or digits, the only terms answered through trigrams; see containsTerm):
//
// - `completed_task_trigrams`: by trigram of `search_text` and priority, how many completed tasks
//   (the tasks list and GET /api/tasks);
// - `completed_board_trigrams`: by trigram of `board_text`, stage, priority and progress band, how
//   many completed tasks and the sum of their progress (the board).
//
// Triggers on `task_search` keep them: a task's trigrams are added when it is completed and taken
// away when it is reopened, deleted, or what the totals are keyed or summed by changes, in one
// statement whose rows are locked in order. Open matches are counted live, from partial indexes of
// open tasks' trigrams.

type Row = "OLD" | "NEW" | "task_search";

interface Column {
  name: string;
  type: string;
  /** Its value for a task_search row. */
  of: (row: Row) => string;
}

interface Totals {
  table: string;
  /** The task_search column whose word trigrams are counted. */
  text: "search_text" | "board_text";
  keys: Column[];
  sums: Column[];
  /** The task_search columns, besides completion and agency, whose change moves a completed task's totals. */
  watched: string[];
  /** The partial index of open tasks' trigrams of `text`. */
  openIndex: string;
}

const PRIORITY: Column = { name: "priority_rank", type: "smallint", of: (row) => `${row}.priority_rank` };
const TASKS: Column = { name: "tasks", type: "integer", of: () => "1" };

const TOTALS: Totals[] = [
  {
    table: "completed_task_trigrams",
    text: "search_text",
    keys: [PRIORITY],
    sums: [TASKS],
    watched: ["search_text", "priority_rank"],
    openIndex: "task_search_open_trigrams_idx",
  },
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
    watched: ["board_text", "stage", "priority_rank", "progress"],
    openIndex: "task_search_open_board_trigrams_idx",
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createTotals(db: Kysely<any>, t: Totals): Promise<void> {
  const keys = ["agency_id", "trigram", ...t.keys.map((c) => c.name)].join(", ");
  const sums = t.sums.map((c) => c.name);
  const changes = (row: "OLD" | "NEW", sign: 1 | -1) => `
    SELECT ${row}.agency_id AS agency_id, trigram, ${t.keys.map((c) => `${c.of(row)} AS ${c.name}`).join(", ")},
           ${t.sums.map((c) => `${sign} * ${c.of(row)} AS ${c.name}`).join(", ")}
      FROM unnest(show_trgm(${row}.${t.text})) AS trigram
      WHERE ${row}.is_completed AND trigram ~ '^[a-z0-9]{3}$'`;
  await sql`
    CREATE TABLE ${sql.table(t.table)} (
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      trigram text NOT NULL,
      ${sql.raw([...t.keys, ...t.sums].map((c) => `${c.name} ${c.type} NOT NULL`).join(", "))},
      PRIMARY KEY (${sql.raw(keys)})
    )`.execute(db);
  await sql`
    CREATE FUNCTION ${sql.raw(`count_${t.table}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM ${sql.table(t.table)};
        RETURN NULL;
      END IF;
      INSERT INTO ${sql.table(t.table)} AS c (${sql.raw(keys)}, ${sql.raw(sums.join(", "))})
        SELECT ${sql.raw(keys)}, ${sql.raw(sums.map((s) => `sum(${s})`).join(", "))}
          FROM (${sql.raw(changes("OLD", -1))} UNION ALL ${sql.raw(changes("NEW", 1))}) AS changes
          GROUP BY ${sql.raw(keys)} HAVING ${sql.raw(sums.map((s) => `sum(${s}) <> 0`).join(" OR "))}
          ORDER BY ${sql.raw(keys)}
        ON CONFLICT (${sql.raw(keys)})
          DO UPDATE SET ${sql.raw(sums.map((s) => `${s} = c.${s} + EXCLUDED.${s}`).join(", "))};
      RETURN NULL;
    END $$`.execute(db);
  const run = sql.raw(`EXECUTE FUNCTION count_${t.table}()`);
  const trigger = (event: string) => sql.raw(`${t.table}_${event}`);
  const columns = (row: "OLD" | "NEW") =>
    sql.raw(["is_completed", "agency_id", ...t.watched].map((c) => `${row}.${c}`).join(", "));
  // Only changes that move a completed task's trigrams or figures: a board move of an open task
  // or a ticked item of one does not.
  await sql`CREATE TRIGGER ${trigger("insert")} AFTER INSERT ON task_search
    FOR EACH ROW WHEN (NEW.is_completed) ${run}`.execute(db);
  await sql`CREATE TRIGGER ${trigger("update")} AFTER UPDATE ON task_search
    FOR EACH ROW WHEN ((OLD.is_completed OR NEW.is_completed) AND (${columns("OLD")}) IS DISTINCT FROM (${columns("NEW")}))
    ${run}`.execute(db);
  await sql`CREATE TRIGGER ${trigger("delete")} AFTER DELETE ON task_search
    FOR EACH ROW WHEN (OLD.is_completed) ${run}`.execute(db);
  await sql`CREATE TRIGGER ${trigger("truncate")} AFTER TRUNCATE ON task_search
    FOR EACH STATEMENT ${run}`.execute(db);
  // Completed tasks that exist already are counted once, here.
  await sql`
    INSERT INTO ${sql.table(t.table)} (${sql.raw(keys)}, ${sql.raw(sums.join(", "))})
      SELECT agency_id, trigram, ${sql.raw(t.keys.map((c) => c.of("task_search")).join(", "))},
             ${sql.raw(t.sums.map((c) => `sum(${c.of("task_search")})`).join(", "))}
        FROM task_search, unnest(show_trgm(task_search.${sql.raw(t.text)})) AS trigram
        WHERE is_completed AND trigram ~ '^[a-z0-9]{3}$'
        GROUP BY ${sql.raw(["1", "2", ...t.keys.map((_, i) => String(i + 3))].join(", "))}`.execute(db);
  await sql`CREATE INDEX ${sql.raw(t.openIndex)} ON task_search USING gin (show_trgm(${sql.raw(t.text)}))
    WHERE NOT is_completed`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const totals of TOTALS) await createTotals(db, totals);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TOTALS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(t.openIndex)}`.execute(db);
    for (const event of ["insert", "update", "delete", "truncate"]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${t.table}_${event}`)} ON task_search`.execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`count_${t.table}`)}()`.execute(db);
    await sql`DROP TABLE IF EXISTS ${sql.table(t.table)}`.execute(db);
  }
}
