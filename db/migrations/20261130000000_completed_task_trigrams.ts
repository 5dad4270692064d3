import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The statistics of a three-letter search ("mar": a quarter of a large agency's 100,000 tasks,
// most of them completed) visited every match, one heap row each, even from the narrow
// `task_search`: 12–16 ms of Postgres per `GET /api/tasks?search=mar`. A completed task seldom
// changes, so its part of those counts is kept as running totals: `completed_task_trigrams` holds,
// per agency, word trigram (three letters or digits, the only terms answered through trigrams;
// see containsTerm) and priority, how many completed tasks' searched text has that trigram. A
// trigger on `task_search` keeps it: it adds a task's trigrams when it is completed and takes them
// away when it is reopened, deleted, or its text or priority changes, in one statement whose rows
// are locked in order. Open tasks are counted live, from a partial index of their trigrams.

const TRIGRAMS = (row: "OLD" | "NEW", delta: 1 | -1) => `
  SELECT ${row}.agency_id AS agency_id, trigram, ${row}.priority_rank AS priority_rank, ${delta} AS delta
    FROM unnest(show_trgm(${row}.search_text)) AS trigram
    WHERE ${row}.is_completed AND trigram ~ '^[a-z0-9]{3}$'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE completed_task_trigrams (
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      trigram text NOT NULL,
      priority_rank smallint NOT NULL,
      tasks integer NOT NULL,
      PRIMARY KEY (agency_id, trigram, priority_rank)
    )`.execute(db);
  await sql`
    CREATE FUNCTION count_completed_task_trigrams() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM completed_task_trigrams;
        RETURN NULL;
      END IF;
      INSERT INTO completed_task_trigrams AS c (agency_id, trigram, priority_rank, tasks)
        SELECT agency_id, trigram, priority_rank, sum(delta)
          FROM (${sql.raw(TRIGRAMS("OLD", -1))} UNION ALL ${sql.raw(TRIGRAMS("NEW", 1))}) AS changes
          GROUP BY agency_id, trigram, priority_rank HAVING sum(delta) <> 0
          ORDER BY agency_id, trigram, priority_rank
        ON CONFLICT (agency_id, trigram, priority_rank) DO UPDATE SET tasks = c.tasks + EXCLUDED.tasks;
      RETURN NULL;
    END $$`.execute(db);
  // Only changes that move a completed task's trigrams: a board move or a ticked item does not.
  await sql`CREATE TRIGGER task_search_trigrams_insert AFTER INSERT ON task_search
    FOR EACH ROW WHEN (NEW.is_completed) EXECUTE FUNCTION count_completed_task_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_trigrams_update AFTER UPDATE ON task_search
    FOR EACH ROW WHEN ((OLD.is_completed OR NEW.is_completed) AND
      (OLD.is_completed, OLD.search_text, OLD.priority_rank, OLD.agency_id) IS DISTINCT FROM
      (NEW.is_completed, NEW.search_text, NEW.priority_rank, NEW.agency_id))
    EXECUTE FUNCTION count_completed_task_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_trigrams_delete AFTER DELETE ON task_search
    FOR EACH ROW WHEN (OLD.is_completed) EXECUTE FUNCTION count_completed_task_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_trigrams_truncate AFTER TRUNCATE ON task_search
    FOR EACH STATEMENT EXECUTE FUNCTION count_completed_task_trigrams()`.execute(db);
  await sql`
    INSERT INTO completed_task_trigrams (agency_id, trigram, priority_rank, tasks)
      SELECT agency_id, trigram, priority_rank, count(*)
        FROM task_search, unnest(show_trgm(search_text)) AS trigram
        WHERE is_completed AND trigram ~ '^[a-z0-9]{3}$'
        GROUP BY agency_id, trigram, priority_rank`.execute(db);
  await sql`CREATE INDEX task_search_open_trigrams_idx ON task_search USING gin (show_trgm(search_text))
    WHERE NOT is_completed`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS task_search_open_trigrams_idx`.execute(db);
  for (const event of ["insert", "update", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`task_search_trigrams_${event}`)} ON task_search`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS count_completed_task_trigrams()`.execute(db);
  await sql`DROP TABLE IF EXISTS completed_task_trigrams`.execute(db);
}
