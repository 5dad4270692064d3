import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The board filtered by one assignee counted that member's tasks by lane on every request (a
// GROUP BY over their tasks: 6 ms of Postgres for a member with 16,000). The tasks' counting
// triggers now also keep, per member, lane, priority and progress band, how many tasks there
// are, how many are completed and the sum of their progress:
//   "tasks:member-lane:<user id>:count:<stage>:<priority>:<band>", "…:done:…", "…:progress:…"
// so the board reads them, under any Priority and Progress filter too. One task still moves a
// fixed number of totals when it changes; the member's names share a prefix, read as one range.

const BAND = "CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END";
const LANE = `stage || ':' || priority || ':' || ${BAND}`;
const MEMBER = `assigned_to || ':' || priority || ':' || ${BAND}`;
const MEMBER_LANE = `'tasks:member-lane:' || assigned_to || ':'`;

const TASKS_COUNTED_BEFORE =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, " +
  `'tasks:lane:' || ${LANE}, 'tasks:lane-done:' || ${LANE}, 'tasks:lane-progress:' || ${LANE}, ` +
  `'tasks:member:' || ${MEMBER}, 'tasks:member-done:' || ${MEMBER}, 'tasks:member-progress:' || ${MEMBER}]) AS name, ` +
  "unnest(ARRAY[1, is_completed::int, 1, 1, is_completed::int, progress, 1, is_completed::int, progress]::bigint[]) " +
  "AS amount FROM %s";
const TASKS_COUNTED =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, " +
  `'tasks:lane:' || ${LANE}, 'tasks:lane-done:' || ${LANE}, 'tasks:lane-progress:' || ${LANE}, ` +
  `'tasks:member:' || ${MEMBER}, 'tasks:member-done:' || ${MEMBER}, 'tasks:member-progress:' || ${MEMBER}, ` +
  `${MEMBER_LANE} || 'count:' || ${LANE}, ${MEMBER_LANE} || 'done:' || ${LANE}, ` +
  `${MEMBER_LANE} || 'progress:' || ${LANE}]) AS name, ` +
  "unnest(ARRAY[1, is_completed::int, 1, 1, is_completed::int, progress, 1, is_completed::int, progress, " +
  "1, is_completed::int, progress]::bigint[]) AS amount FROM %s";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await countTasks(db, TASKS_COUNTED);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await countTasks(db, TASKS_COUNTED_BEFORE);
}

/** The tasks' counting triggers, remade with `query`, and their totals counted again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function countTasks(db: Kysely<any>, query: string): Promise<void> {
  const args = sql`${sql.lit(query)}, ${sql.lit("tasks:")}`;
  for (const event of ["insert", "update", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`tasks_counts_${event}`)} ON tasks`.execute(db);
  }
  await sql`CREATE TRIGGER tasks_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
  await sql`CREATE TRIGGER tasks_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
  await sql`CREATE TRIGGER tasks_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
  await sql`CREATE TRIGGER tasks_counts_truncate AFTER TRUNCATE ON tasks
    FOR EACH STATEMENT EXECUTE FUNCTION maintain_agency_counts(${args})`.execute(db);
  await sql`DELETE FROM agency_counts WHERE starts_with(name, 'tasks:')`.execute(db);
  await sql`INSERT INTO agency_counts (agency_id, name, value)
    SELECT agency_id, name, sum(amount) FROM (${sql.raw(query.replace("%s", "tasks"))}) d
    GROUP BY agency_id, name`.execute(db);
}
