import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A search of the tasks list ("mar") can match a third of an agency's 100,000 tasks; its four
// statistics must visit every match for its stage, completion, due date and priority. Read from
// `tasks`, whose rows are wide, that is every page of the table. `task_search` is a narrow copy
// of what a search and its counts need (the searched text, the stage, completion, due date and
// priority), kept by a trigger, so counting a search's matches reads a third as much. A search
// together with a type, assignee or client filter counts from `tasks`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE task_search (
      task_id uuid PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
      agency_id uuid NOT NULL,
      search_text text NOT NULL,
      stage text NOT NULL,
      is_completed boolean NOT NULL,
      due_date date NOT NULL,
      priority_rank smallint NOT NULL
    )`.execute(db);
  await sql`
    CREATE FUNCTION tasks_copy_to_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO task_search AS s (task_id, agency_id, search_text, stage, is_completed, due_date, priority_rank)
        VALUES (NEW.id, NEW.agency_id, NEW.search_text, NEW.stage, NEW.is_completed, NEW.due_date, NEW.priority_rank)
        ON CONFLICT (task_id) DO UPDATE SET agency_id = EXCLUDED.agency_id, search_text = EXCLUDED.search_text,
          stage = EXCLUDED.stage, is_completed = EXCLUDED.is_completed, due_date = EXCLUDED.due_date,
          priority_rank = EXCLUDED.priority_rank;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER tasks_copy_to_search AFTER INSERT OR UPDATE ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_copy_to_search()`.execute(db);
  await sql`
    INSERT INTO task_search (task_id, agency_id, search_text, stage, is_completed, due_date, priority_rank)
      SELECT id, agency_id, search_text, stage, is_completed, due_date, priority_rank FROM tasks`.execute(db);
  await sql`CREATE INDEX task_search_trgm_idx ON task_search USING gin (search_text gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS tasks_copy_to_search ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_copy_to_search()`.execute(db);
  await sql`DROP TABLE IF EXISTS task_search`.execute(db);
}
