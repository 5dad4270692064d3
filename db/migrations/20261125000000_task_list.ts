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
// - indexes for the list's orders: open tasks first by due date, priority, title.

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

  await sql`CREATE INDEX tasks_agency_open_first_due_idx ON tasks (agency_id, is_completed, due_date, id)`.execute(db);
  await sql`CREATE INDEX tasks_agency_priority_rank_idx ON tasks (agency_id, priority_rank, due_date, id)`.execute(db);
  await sql`CREATE INDEX tasks_agency_title_idx ON tasks (agency_id, lower(title), id)`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_title_trgm_idx`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS tasks_title_trgm_idx ON tasks USING gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_title_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_priority_rank_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_agency_open_first_due_idx`.execute(db);
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
