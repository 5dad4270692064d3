import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Two of the board's views at 100,000 tasks:
// - A search ("mar" matches a quarter of a large agency's tasks) read every match from `tasks`,
//   whose rows are wide. `task_search` (…_task_search_counts.ts), the narrow copy the tasks list
//   counts its searches from, now also carries what the board filters, counts and orders by:
//   progress and the assignee, and `board_text`, the searched text without the description (the
//   board searches title, client and assignee), with the same two indexes as `search_text`: the
//   words' trigrams (a three-letter term, answered exactly) and the trigram index (LIKE).
// - Team Performance counted the filtered set per assignee. The running totals now also count
//   tasks by assignee, priority and progress band ("tasks:member:<user id>:High:low"), the
//   completed ones ("tasks:member-done:…") and the sum of their progress
//   ("tasks:member-progress:…"); the app reads them only for the Analytics view.

const BAND = "CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END";
const LANE = `stage || ':' || priority || ':' || ${BAND}`;
const MEMBER = `assigned_to || ':' || priority || ':' || ${BAND}`;

const TASKS_COUNTED_BEFORE =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, " +
  `'tasks:lane:' || ${LANE}, 'tasks:lane-done:' || ${LANE}, 'tasks:lane-progress:' || ${LANE}]) AS name, ` +
  "unnest(ARRAY[1, is_completed::int, 1, 1, is_completed::int, progress]::bigint[]) AS amount FROM %s";
const TASKS_COUNTED =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, " +
  `'tasks:lane:' || ${LANE}, 'tasks:lane-done:' || ${LANE}, 'tasks:lane-progress:' || ${LANE}, ` +
  `'tasks:member:' || ${MEMBER}, 'tasks:member-done:' || ${MEMBER}, 'tasks:member-progress:' || ${MEMBER}]) AS name, ` +
  "unnest(ARRAY[1, is_completed::int, 1, 1, is_completed::int, progress, 1, is_completed::int, progress]::bigint[]) " +
  "AS amount FROM %s";

const COPY_BEFORE = `
  INSERT INTO task_search AS s (task_id, agency_id, search_text, stage, is_completed, due_date, priority_rank)
    VALUES (NEW.id, NEW.agency_id, NEW.search_text, NEW.stage, NEW.is_completed, NEW.due_date, NEW.priority_rank)
    ON CONFLICT (task_id) DO UPDATE SET agency_id = EXCLUDED.agency_id, search_text = EXCLUDED.search_text,
      stage = EXCLUDED.stage, is_completed = EXCLUDED.is_completed, due_date = EXCLUDED.due_date,
      priority_rank = EXCLUDED.priority_rank;`;
const COPY = `
  INSERT INTO task_search AS s (task_id, agency_id, search_text, stage, is_completed, due_date, priority_rank,
      progress, assigned_to)
    VALUES (NEW.id, NEW.agency_id, NEW.search_text, NEW.stage, NEW.is_completed, NEW.due_date, NEW.priority_rank,
      NEW.progress, NEW.assigned_to)
    ON CONFLICT (task_id) DO UPDATE SET agency_id = EXCLUDED.agency_id, search_text = EXCLUDED.search_text,
      stage = EXCLUDED.stage, is_completed = EXCLUDED.is_completed, due_date = EXCLUDED.due_date,
      priority_rank = EXCLUDED.priority_rank, progress = EXCLUDED.progress, assigned_to = EXCLUDED.assigned_to;`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Filled again rather than updated in place, which would leave the table twice its size.
  await sql`TRUNCATE task_search`.execute(db);
  await sql`ALTER TABLE task_search ADD COLUMN progress smallint NOT NULL DEFAULT 0,
    ADD COLUMN assigned_to uuid NOT NULL,
    ADD COLUMN board_text text GENERATED ALWAYS AS (
      split_part(search_text, E'\\n', 1) || E'\\n' || split_part(search_text, E'\\n', 3) || E'\\n'
      || split_part(search_text, E'\\n', 4)
    ) STORED`.execute(db);
  await copyFunction(db, COPY);
  await sql`
    INSERT INTO task_search (task_id, agency_id, search_text, stage, is_completed, due_date, priority_rank, progress,
        assigned_to)
      SELECT id, agency_id, search_text, stage, is_completed, due_date, priority_rank, progress, assigned_to
        FROM tasks`.execute(db);
  await sql`CREATE INDEX task_search_board_trgm_idx ON task_search USING gin (board_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX task_search_board_trigrams_idx ON task_search USING gin (show_trgm(board_text))`.execute(db);
  await countTasks(db, TASKS_COUNTED);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await countTasks(db, TASKS_COUNTED_BEFORE);
  await copyFunction(db, COPY_BEFORE);
  await sql`ALTER TABLE task_search DROP COLUMN IF EXISTS board_text, DROP COLUMN IF EXISTS assigned_to,
    DROP COLUMN IF EXISTS progress`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function copyFunction(db: Kysely<any>, body: string): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION tasks_copy_to_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(body)}
      RETURN NULL;
    END $$`.execute(db);
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
