import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// What the swim-lane board needs at 100,000 tasks:
// - `tasks.progress`: the percent of its checklist done (rounded; with no items 100 when the task
//   is completed, else 0), kept by triggers, so the board's Progress filter and its averages read
//   a column instead of counting checklists. A task's own trigger sets it when the task is written
//   or completed; statement-level triggers on the checklist set it for the tasks whose items a
//   statement inserted, changed or deleted.
// - the running totals (…_agency_counts.ts) also count tasks by stage, priority and progress band
//   ("tasks:lane:Target:High:low"), the completed ones among them ("tasks:lane-done:…") and the sum
//   of their progress ("tasks:lane-progress:…"): the board's counts, averages and analytics under
//   its Priority and Progress filters are read, not counted.
// - "facilities:version" in agency_counts: a number that changes on every write to an agency's
//   facilities (drawn from a sequence, so it never comes back after a truncate), so the board can
//   keep its clients' best matches until a facility changes.
// - an index of each lane's cards in the board's order (open first, by due date), covering the
//   filters and figures the board reads.

const TASKS_COUNTED_BEFORE =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority]) AS name, " +
  "unnest(ARRAY[1, is_completed::int, 1]::bigint[]) AS amount FROM %s";

const LANE =
  "stage || ':' || priority || ':' || CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END";
const TASKS_COUNTED =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
  "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, " +
  `'tasks:lane:' || ${LANE}, 'tasks:lane-done:' || ${LANE}, 'tasks:lane-progress:' || ${LANE}]) AS name, ` +
  "unnest(ARRAY[1, is_completed::int, 1, 1, is_completed::int, progress]::bigint[]) AS amount FROM %s";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tasks ADD COLUMN progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100)`.execute(
    db,
  );

  // The same rule as taskProgress (app/utils/vocabulary.ts): round(done * 100 / items), halves up.
  await sql`
    CREATE FUNCTION task_progress_of(task uuid, completed boolean) RETURNS smallint LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN count(*) = 0 THEN CASE WHEN completed THEN 100 ELSE 0 END
                  ELSE round(count(*) FILTER (WHERE i.is_completed) * 100.0 / count(*)) END::smallint
      FROM task_checklist_items i WHERE i.task_id = task
    $$`.execute(db);

  await sql`
    CREATE FUNCTION tasks_set_progress() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.progress := task_progress_of(NEW.id, NEW.is_completed);
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER tasks_progress BEFORE INSERT OR UPDATE OF is_completed ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_set_progress()`.execute(db);

  // Progress follows the checklist: a change of it alone is the checklist's update, not the
  // task's, and leaves the task's updated_at as it was (as before this column existed).
  await sql`
    CREATE FUNCTION tasks_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- (priority_rank, a generated column, is not computed yet in a BEFORE trigger.)
      IF (to_jsonb(NEW) - ARRAY['progress', 'updated_at', 'priority_rank'])
         IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['progress', 'updated_at', 'priority_rank']) THEN
        NEW.updated_at := now();
      END IF;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`DROP TRIGGER tasks_set_updated_at ON tasks`.execute(db);
  await sql`CREATE TRIGGER tasks_set_updated_at BEFORE UPDATE ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_set_updated_at()`.execute(db);

  await sql`
    CREATE FUNCTION checklist_set_progress() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format(
        'UPDATE tasks t SET progress = p.value
           FROM (SELECT t2.id, task_progress_of(t2.id, t2.is_completed) AS value
                   FROM tasks t2 WHERE t2.id IN (SELECT task_id FROM (%s) changed)) p
          WHERE t.id = p.id AND t.progress <> p.value',
        CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT task_id FROM new_items'
          WHEN 'DELETE' THEN 'SELECT task_id FROM old_items'
          ELSE 'SELECT task_id FROM new_items UNION SELECT task_id FROM old_items'
        END);
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER checklist_progress_insert AFTER INSERT ON task_checklist_items
    REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_set_progress()`.execute(db);
  await sql`CREATE TRIGGER checklist_progress_update AFTER UPDATE ON task_checklist_items
    REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_set_progress()`.execute(
    db,
  );
  await sql`CREATE TRIGGER checklist_progress_delete AFTER DELETE ON task_checklist_items
    REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION checklist_set_progress()`.execute(db);

  // Tasks that exist already. (Their counting triggers are remade below, which counts again.)
  await sql`ALTER TABLE tasks DISABLE TRIGGER USER`.execute(db);
  await sql`
    UPDATE tasks t SET progress = p.value
      FROM (SELECT task_id,
                   round(count(*) FILTER (WHERE is_completed) * 100.0 / count(*))::smallint AS value
              FROM task_checklist_items GROUP BY task_id) p
     WHERE t.id = p.task_id`.execute(db);
  await sql`UPDATE tasks SET progress = 100
     WHERE is_completed AND NOT EXISTS (SELECT 1 FROM task_checklist_items i WHERE i.task_id = tasks.id)`.execute(db);
  await sql`ALTER TABLE tasks ENABLE TRIGGER USER`.execute(db);
  await countTasks(db, TASKS_COUNTED);

  await sql`CREATE SEQUENCE facility_versions`.execute(db);
  for (const [event, rows] of [
    ["insert", "SELECT agency_id FROM new_rows"],
    ["update", "SELECT agency_id FROM new_rows UNION SELECT agency_id FROM old_rows"],
    ["delete", "SELECT agency_id FROM old_rows"],
  ] as const) {
    const fn = sql.raw(`facilities_version_${event}`);
    await sql`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO agency_counts AS c (agency_id, name, value)
          SELECT agency_id, 'facilities:version', nextval('facility_versions')
            FROM (${sql.raw(rows)}) changed GROUP BY agency_id ORDER BY agency_id
          ON CONFLICT (agency_id, name) DO UPDATE SET value = EXCLUDED.value;
        RETURN NULL;
      END;
      $$`.execute(db);
    const referencing =
      event === "insert"
        ? "NEW TABLE AS new_rows"
        : event === "delete"
          ? "OLD TABLE AS old_rows"
          : "OLD TABLE AS old_rows NEW TABLE AS new_rows";
    await sql`CREATE TRIGGER ${fn} AFTER ${sql.raw(event.toUpperCase())} ON facilities
      REFERENCING ${sql.raw(referencing)} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  }

  await sql`
    CREATE INDEX tasks_lane_idx ON tasks (agency_id, stage, is_completed, due_date, id)
    INCLUDE (priority_rank, progress, assigned_to)`.execute(db);
  // The board's figures for one assignee, and its overdue count under any filter, read from
  // indexes alone: these two now carry progress (and the filters) too.
  await sql`DROP INDEX tasks_assigned_open_first_idx`.execute(db);
  await sql`CREATE INDEX tasks_assigned_open_first_idx ON tasks (agency_id, assigned_to, is_completed, due_date, id)
    INCLUDE (stage, priority_rank, type, progress)`.execute(db);
  await sql`DROP INDEX tasks_agency_open_due_idx`.execute(db);
  await sql`CREATE INDEX tasks_agency_open_due_idx ON tasks (agency_id, due_date)
    INCLUDE (stage, priority_rank, progress, assigned_to) WHERE NOT is_completed`.execute(db);
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS tasks_lane_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_assigned_open_first_idx`.execute(db);
  await sql`CREATE INDEX tasks_assigned_open_first_idx ON tasks (agency_id, assigned_to, is_completed, due_date, id)
    INCLUDE (stage, priority_rank, type)`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_open_due_idx`.execute(db);
  await sql`CREATE INDEX tasks_agency_open_due_idx ON tasks (agency_id, due_date) WHERE NOT is_completed`.execute(db);
  for (const event of ["insert", "update", "delete"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`facilities_version_${event}`)} ON facilities`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(`facilities_version_${event}`)}()`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`checklist_progress_${event}`)} ON task_checklist_items`.execute(db);
  }
  await sql`DELETE FROM agency_counts WHERE name = 'facilities:version'`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS facility_versions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS checklist_set_progress()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS tasks_set_updated_at ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_set_updated_at()`.execute(db);
  await sql`CREATE TRIGGER tasks_set_updated_at BEFORE UPDATE ON tasks
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS tasks_progress ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_set_progress()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS task_progress_of(uuid, boolean)`.execute(db);
  await countTasks(db, TASKS_COUNTED_BEFORE);
  await sql`ALTER TABLE tasks DROP COLUMN IF EXISTS progress`.execute(db);
}
