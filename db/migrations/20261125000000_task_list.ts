import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// What the tasks list needs at 100,000 tasks:
// - `agencies.time_zone`: the IANA zone an agency works in ("America/Chicago"). "Today", overdue
//   and the relative due dates are the agency's day, not the server's; null means the deployment's
//   configured zone (TIME_ZONE).
// - `tasks.search_text`: the list searches a task's title and description, its client's name and
//   its assignee's name. Each task carries them lower-cased in one trigram-indexed column
//   (title, description, client, assignee on lines of their own, line breaks inside them
//   flattened: a search cannot contain a line break, so it never matches across two). Triggers keep it right when the task is written and
//   when a client or a user is renamed.
// - `tasks.priority_rank` (Urgent 4 … Low 1), so "Priority high to low" reads an index.
// - indexes for the list's orders (open tasks first by due date, priority, title) and filters,
//   and running totals of tasks by stage and priority, for the list's statistics.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies ADD COLUMN time_zone text CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64)`.execute(
    db,
  );

  await sql`ALTER TABLE tasks ADD COLUMN search_text text NOT NULL DEFAULT ''`.execute(db);
  await sql`
    ALTER TABLE tasks ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (
      CASE priority WHEN 'Urgent' THEN 4 WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 ELSE 1 END
    ) STORED`.execute(db);

  await sql`
    CREATE FUNCTION tasks_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := lower(
        replace(NEW.title, E'\\n', ' ') || E'\\n' || replace(coalesce(NEW.description, ''), E'\\n', ' ') || E'\\n'
        || coalesce((SELECT first_name || ' ' || last_name FROM clients WHERE id = NEW.client_id), '') || E'\\n'
        || coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = NEW.assigned_to), ''));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER tasks_search_text BEFORE INSERT OR UPDATE OF title, description, client_id, assigned_to ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_set_search_text()`.execute(db);

  // A renamed client or user: the third or fourth line of their tasks' text.
  await sql`
    CREATE FUNCTION clients_rename_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tasks SET search_text = split_part(search_text, E'\\n', 1) || E'\\n' || split_part(search_text, E'\\n', 2)
        || E'\\n' || lower(NEW.first_name || ' ' || NEW.last_name) || E'\\n' || split_part(search_text, E'\\n', 4)
        WHERE client_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER clients_rename_tasks AFTER UPDATE OF first_name, last_name ON clients
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION clients_rename_tasks()`.execute(db);
  await sql`
    CREATE FUNCTION users_rename_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tasks SET search_text = split_part(search_text, E'\\n', 1) || E'\\n' || split_part(search_text, E'\\n', 2)
        || E'\\n' || split_part(search_text, E'\\n', 3) || E'\\n' || lower(NEW.first_name || ' ' || NEW.last_name)
        WHERE assigned_to = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_rename_tasks AFTER UPDATE OF first_name, last_name ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION users_rename_tasks()`.execute(db);

  await sql`
    UPDATE tasks t SET search_text = lower(
      replace(t.title, E'\\n', ' ') || E'\\n' || replace(coalesce(t.description, ''), E'\\n', ' ') || E'\\n'
      || coalesce((SELECT c.first_name || ' ' || c.last_name FROM clients c WHERE c.id = t.client_id), '') || E'\\n'
      || coalesce((SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = t.assigned_to), ''))`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_search_trgm_idx ON tasks USING gin (search_text gin_trgm_ops)`.execute(db);

  // The orders, each also carrying the columns the filters and the statistics read, so that a
  // filtered page or count is read from the index alone (an index-only scan).
  const covering = "INCLUDE (stage, priority_rank, type, assigned_to)";
  await sql`CREATE INDEX tasks_agency_open_first_due_idx ON tasks (agency_id, is_completed, due_date, id) ${sql.raw(covering)}`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_agency_open_first_due_desc_idx ON tasks (agency_id, is_completed, due_date DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_agency_priority_rank_idx ON tasks (agency_id, priority_rank DESC, due_date, id DESC) INCLUDE (is_completed, stage, type, assigned_to)`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_agency_type_open_first_idx ON tasks (agency_id, type, is_completed, due_date, id) INCLUDE (stage, priority_rank)`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_assigned_open_first_idx ON tasks (agency_id, assigned_to, is_completed, due_date, id) INCLUDE (stage, priority_rank, type)`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_agency_title_idx ON tasks (agency_id, title, id) INCLUDE (is_completed, stage, priority_rank, type, assigned_to)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS tasks_title_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_type_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_priority_idx`.execute(db);

  // The running totals (…_agency_counts.ts) of tasks also count them by stage or done, and by
  // priority ("tasks:open:Target:High", "tasks:done:Urgent"): the list's statistics for its
  // Status and Priority filters are then read, not counted.
  const query =
    "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed', " +
    "CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority]) AS name, " +
    "unnest(ARRAY[1, is_completed::int, 1]::bigint[]) AS amount FROM %s";
  await countTasks(db, query);
}

const TASKS_COUNTED =
  "SELECT agency_id, unnest(ARRAY['tasks:' || stage, 'tasks:completed']) AS name, " +
  "unnest(ARRAY[1, is_completed::int]::bigint[]) AS amount FROM %s";

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
  await countTasks(db, TASKS_COUNTED);
  await sql`CREATE INDEX IF NOT EXISTS tasks_title_trgm_idx ON tasks USING gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS tasks_agency_priority_idx ON tasks (agency_id, priority)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS tasks_agency_type_idx ON tasks (agency_id, type)`.execute(db);
  for (const index of [
    "tasks_agency_title_idx",
    "tasks_assigned_open_first_idx",
    "tasks_agency_type_open_first_idx",
    "tasks_agency_priority_rank_idx",
    "tasks_agency_open_first_due_desc_idx",
    "tasks_agency_open_first_due_idx",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(index)}`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS users_rename_tasks ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_rename_tasks()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS clients_rename_tasks ON clients`.execute(db);
  await sql`DROP FUNCTION IF EXISTS clients_rename_tasks()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS tasks_search_text ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_set_search_text()`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN IF EXISTS priority_rank`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN IF EXISTS search_text`.execute(db);
  await sql`ALTER TABLE agencies DROP COLUMN IF EXISTS time_zone`.execute(db);
}
